"""Run the apps' tasks: each on a fresh copy of its app's pristine data, served on 127.0.0.1, then judged
from the app's database. It reuses `bench tasks`' runner (models made once, traces) and its rows.

Every server started here is stopped by its PID when its task ends, on errors and on Ctrl-C too (the
`running` block's `finally`). An app that cannot be installed or started fails its tasks with the reason.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from navwright.agent.outcomes import RunResult
from navwright.bench.apps.env import AppError
from navwright.bench.apps.spec import AppSpec, AppTask, Say
from navwright.bench.tasks.harness import Runner, SharedModels, TaskRow, judged, task_row
from navwright.bench.tasks.spec import Verdict
from navwright.bench.tasks.trace import TraceFile

Chosen = list[tuple[AppSpec, AppTask]]


async def run_app_task(
    app: AppSpec, python: Path, task: AppTask, *, model: str, timeout: float, runner: Runner, run: int = 0,
    without: list[str] | None = None,
) -> TaskRow:
    from navwright.agent.settings import RunSettings

    shared = runner if isinstance(runner, SharedModels) else None
    if shared is not None:
        await shared.idle()
    before = shared.totals() if shared is not None else (0, 0, 0)
    base = dict(id=task.id, site=app.name, kind=task.kind, run=run)
    work = Path(tempfile.mkdtemp(prefix=f"{task.id}-", dir=_scratch(app)))
    result: RunResult | None = None
    status, note = "error", ""
    started = time.monotonic()
    try:
        with app.running(python, work / "data") as url:
            started = time.monotonic()
            settings = RunSettings(allowed_domains=["127.0.0.1"], without=without or [])
            result = await asyncio.wait_for(runner(
                task.request, url=url + task.start, model=model, yes=True, secrets=dict(task.secrets),
                settings=settings), timeout)  # fmt: skip
            status = result.status
    except TimeoutError:
        status, note = "timeout", f"no result within {timeout:g} s"
    except AppError as exc:
        status, note = "error", f"{app.name} did not start: {exc}"
    except Exception as exc:  # the agent broke: a failed row, never a crash
        status, note = "error", f"agent error: {type(exc).__name__}: {exc}"
    seconds = time.monotonic() - started
    answer = result.answer if result else ""
    served = not note.startswith(f"{app.name} did not start")
    verdict = judge(task, app.database(work / "data"), answer) if served else Verdict(False, "")
    shutil.rmtree(work, ignore_errors=True)
    after = shared.totals() if shared is not None else (0, 0, 0)
    spent = tuple(a - b for a, b in zip(after, before, strict=True))
    return task_row(base, verdict, status, result, note, seconds, spent)


def _scratch(app: AppSpec) -> Path:
    path = app.home / "work"
    path.mkdir(parents=True, exist_ok=True)
    return path


def judge(task: AppTask, db: Path, answer: str) -> Verdict:
    """The task's check on the database after the run; an answer that only repeats the question fails."""
    return judged(task.kind, task.request, answer, lambda: task.check(db, answer))


def prepare(chosen: Chosen, say: Say) -> tuple[dict[str, Path], dict[str, str]]:
    """Install and seed each app the tasks need (once); returns their pythons and why others failed."""
    pythons: dict[str, Path] = {}
    broken: dict[str, str] = {}
    for app in {id(a): a for a, _ in chosen}.values():
        try:
            pythons[app.name] = app.prepare(say)
        except AppError as exc:
            broken[app.name] = f"{app.name} {app.version} could not be installed or seeded: {exc}"
    return pythons, broken


async def run_app_tasks(
    chosen: Chosen, *, model: str, timeout: float, runs: int = 1, runner: Runner | None = None,
    on_row: Callable[[TaskRow], None] | None = None, trace_dir: Path | None = None, say: Say = print,
    without: list[str] | None = None,
) -> tuple[list[TaskRow], list[str]]:
    """Each task in turn on a fresh copy of its app's data; returns the rows and notes on broken apps."""
    pythons, broken = prepare(chosen, say)
    trace = TraceFile() if trace_dir is not None and runner is None else None
    call = runner or SharedModels(trace)
    rows: list[TaskRow] = []
    for i in range(runs):
        for app, task in chosen:
            if trace is not None and trace_dir is not None:
                trace.open(trace_dir / (f"{task.id}-{i + 1}.jsonl" if runs > 1 else f"{task.id}.jsonl"))
            if app.name in broken:
                row = TaskRow(id=task.id, site=app.name, kind=task.kind, run=i, success=False, status="error",
                              why=broken[app.name], failure="error")  # fmt: skip
            else:
                row = await run_app_task(app, pythons[app.name], task, model=model, timeout=timeout,
                                         runner=call, run=i, without=without)  # fmt: skip
            rows.append(row)
            if on_row:
                on_row(row)
    return rows, list(broken.values())
