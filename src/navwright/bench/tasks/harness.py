"""Run the development suite's tasks: a fresh site instance per task, the agent, the task's check.

Success is the check's verdict alone (site state and the answer against the site's data), never the
agent's status. Nothing here raises on a site or agent error: each becomes a failed row that says why.

With a memory store (`bench tasks --memory-db FILE`), each run learns what the check accepted (the
check is the judge, as a page's reward is in MiniWoB++) and replays what was served: the runs of a
task after its second success replay it with no model.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from navwright.agent.grounding import restates
from navwright.agent.outcomes import RunResult
from navwright.agent.task.said import said_in
from navwright.bench.tasks.spec import SiteSpec, TaskSpec, Verdict
from navwright.bench.tasks.trace import TracedModel, TraceFile, TraceSink
from navwright.bench.tasks.web import serve
from navwright.memory import MemoryStore, MemoryUse, RunMemory

Runner = Callable[..., Awaitable[RunResult]]
IDLE_WAIT_S = 300.0
"""Called like `navwright.api.run(request, url=..., model=..., yes=True, secrets=..., settings=...)`."""

FailureKind = Literal["", "self_aware", "oblivious", "timeout", "error"]


class TaskRow(BaseModel):
    id: str
    site: str
    kind: str
    run: int = 0
    success: bool
    status: str
    """The agent's own status ("success", "unverified", "failed", "needs_user", "stopped"), or "timeout" /
    "error"."""
    unconfirmed: list[str] = Field(default_factory=list)
    """The checks of the agent's verdict that did not pass (why it said `unverified`)."""
    answer: str = ""
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    why: str = ""
    failure: FailureKind = ""
    replayed: bool = False
    """A learned workflow was replayed (memory on): with no model, or the navigator took over a step."""

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def failure_kind(success: bool, status: str, answer: str) -> FailureKind:
    """Self-aware: the agent said it failed or needed the person; oblivious: it said success."""
    if success:
        return ""
    if status == "timeout":
        return "timeout"
    if status == "error":
        return "error"
    return "oblivious" if status == "success" else "self_aware"


class SharedModels:
    """The default runner: `navwright.api.run`'s settings, with the models made once for every task
    (the embedded model is loaded once, not once per task). With a `trace`, each task's events and
    model calls are written to the trace's current file."""

    def __init__(self, trace: TraceFile | None = None, memory: MemoryStore | None = None) -> None:
        self.models: Any = None
        self.trace = trace
        self.memory = memory
        """The store runs learn into and replay from (None: no memory)."""

    async def __call__(
        self, request: str, *, url: str, model: str, yes: bool, secrets: dict[str, str], settings: Any,
        recall: RunMemory | None = None,
    ) -> RunResult:
        from navwright.api import _settings, run_overrides
        from navwright.build import Given, Models, RunIO, TaskRequest, make_models, run_task

        loaded = _settings(None, settings, None, run_overrides(model=model, yes=yes))
        if self.models is None:
            made = make_models(loaded, progress=False)
            if self.trace is not None:
                planner = TracedModel(made.planner, self.trace)
                same = made.navigator is made.planner
                navigator = planner if same else TracedModel(made.navigator, self.trace)
                made = Models(planner, navigator, made.pool)
            self.models = made
        sink = TraceSink(self.trace) if self.trace is not None else None
        asked = TaskRequest(task=request, url=url, secrets=secrets)
        return await run_task(loaded, asked, RunIO(sink=sink), Given(models=self.models, recall=recall))

    def totals(self) -> tuple[int, int, int]:
        """Model calls, prompt and completion tokens so far over every task (0s before the first)."""
        if self.models is None:
            return 0, 0, 0
        models = {id(m): m for m in (self.models.planner, self.models.navigator)}.values()
        stats = [m.stats for m in models]
        return (sum(s.calls for s in stats), sum(s.prompt_tokens for s in stats),
                sum(s.completion_tokens for s in stats))

    async def idle(self, limit: float = IDLE_WAIT_S) -> None:
        """Wait (at most `limit` s) until no model call of an earlier, timed-out task still runs: an
        embedded call cannot be stopped mid-prompt, and its seconds must not count against the next task."""
        deadline = time.monotonic() + limit
        while self.models is not None and _busy(self.models.navigator) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)


def _busy(model: Any) -> bool:
    """An embedded model whose one runner is in the middle of a call."""
    inner = getattr(model, "inner", model)
    lock = getattr(getattr(inner, "runner", None), "lock", None)
    return bool(lock is not None and lock.locked())


async def run_task(
    site: SiteSpec, task: TaskSpec, *, model: str, timeout: float, runner: Runner | None = None, run: int = 0,
    without: Sequence[str] = (),
) -> TaskRow:
    from navwright.agent.settings import RunSettings

    call = runner or SharedModels()
    shared = call if isinstance(call, SharedModels) else None
    if shared is not None:
        await shared.idle()
    before = shared.totals() if shared is not None else (0, 0, 0)
    started = time.monotonic()
    base = dict(id=task.id, site=site.name, kind=task.kind, run=run)
    try:
        instance = site.create()
    except Exception as exc:
        why = f"site did not start: {exc}"
        return TaskRow(**base, success=False, status="error", why=why, failure="error")
    result: RunResult | None = None
    status = "error"
    note = ""
    recall = _recall(shared, site, task)
    try:
        with serve(instance.app) as url:
            settings = RunSettings(profile=task.profile, allowed_domains=["127.0.0.1"], without=list(without))
            more = {"recall": recall} if recall is not None else {}
            result = await asyncio.wait_for(call(
                task.request, url=url + task.start, model=model, yes=True, secrets=dict(task.secrets),
                settings=settings, **more,
            ), timeout)  # fmt: skip
            status = result.status
    except TimeoutError:
        status, note = "timeout", f"no result within {timeout:g} s"
    except Exception as exc:  # the agent or the site broke: a failed row, never a crash
        status, note = "error", f"agent error: {type(exc).__name__}: {exc}"
    seconds = time.monotonic() - started
    answer = result.answer if result else ""
    verdict = _judge(task, instance, answer)
    if recall is not None:
        recall.judge(verdict.ok)
    after = shared.totals() if shared is not None else (0, 0, 0)
    spent = tuple(a - b for a, b in zip(after, before, strict=True))  # a timed-out run's calls too
    row = task_row(base, verdict, status, result, note, seconds, spent)
    return row.model_copy(update={"replayed": recall is not None and recall.replayed})


def task_row(base: dict[str, Any], verdict: Verdict, status: str, result: RunResult | None, note: str,
             seconds: float, spent: tuple[int, ...]) -> TaskRow:
    """A task's row from its check's verdict and the run's result (None: it timed out or broke; then
    `spent`, the calls and tokens counted by the shared models, and `seconds` stand for the result's)."""
    calls, prompt, completion = spent
    answer = result.answer if result else ""
    why = "; ".join(x for x in (verdict.why, note, (result.error or "") if result else "") if x)
    return TaskRow(
        **base, success=verdict.ok, status=status, answer=answer,
        model_calls=result.model_calls if result else calls,
        prompt_tokens=result.prompt_tokens if result else prompt,
        completion_tokens=result.completion_tokens if result else completion,
        seconds=round(result.seconds if result and result.seconds else seconds, 2), why=why,
        failure=failure_kind(verdict.ok, status, answer),
        unconfirmed=[c.name for c in result.checks if not c.ok] if result else [],
    )  # fmt: skip


def _recall(shared: SharedModels | None, site: SiteSpec, task: TaskSpec) -> RunMemory | None:
    """The run's memory, judged by the task's check; filed under the suite site's name (each run
    serves it at a fresh port)."""
    if shared is None or shared.memory is None:
        return None
    use = MemoryUse(site=f"suite:{site.name}", judged=True)
    return RunMemory(shared.memory, task.request, None, dict(task.secrets), use=use)


def _judge(task: TaskSpec, instance: Any, answer: str) -> Verdict:
    return judged(task.kind, task.request, answer, lambda: task.check(instance, answer))


def judged(kind: str, request: str, answer: str, check: Callable[[], Verdict]) -> Verdict:
    """A task's check of the run (its site's state, its answer); an answer that only repeats the
    question fails, and a check that raises is a failed verdict saying so."""
    if kind != "action" and restates(answer, said_in(request)):
        return Verdict(False, "the answer only repeats the request")
    try:
        return check()
    except Exception as exc:
        return Verdict(False, f"check raised {type(exc).__name__}: {exc}")


async def run_tasks(
    chosen: list[tuple[SiteSpec, TaskSpec]], *, model: str, timeout: float, runs: int = 1,
    runner: Runner | None = None, on_row: Callable[[TaskRow], None] | None = None,
    trace_dir: Path | None = None, memory: MemoryStore | None = None, without: Sequence[str] = (),
) -> list[TaskRow]:
    """Each task in turn on a fresh site. `trace_dir` (default runner only): a trace file per task;
    `memory` (default runner only): the store runs learn into and replay from."""
    rows: list[TaskRow] = []
    trace = TraceFile() if trace_dir is not None and runner is None else None
    runner = runner or SharedModels(trace, memory)
    for i in range(runs):
        for site, task in chosen:
            if trace is not None and trace_dir is not None:
                trace.open(trace_dir / (f"{task.id}-{i + 1}.jsonl" if runs > 1 else f"{task.id}.jsonl"))
            row = await run_task(site, task, model=model, timeout=timeout, runner=runner, run=i,
                                 without=without)
            rows.append(row)
            if on_row:
                on_row(row)
    return rows
