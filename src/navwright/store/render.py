"""One wording for events, shared by the live console printer and the stored-run replay.

A line is a list of (text, style) segments; the style is a rich style string, so the console
colours it and the replay joins the plain text.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from typing import Any

from navwright.agent.events import (
    ActionDone,
    Event,
    ModelCalled,
    PlanUpdated,
    RunFinished,
    RunStarted,
    ScreenshotTaken,
    StateChanged,
    StepFinished,
    StepStarted,
    TaskEdited,
    UserAnswered,
    UserAsked,
    WorkflowReplayed,
)
from navwright.printable import printable
from navwright.store.rows import RunRow
from navwright.store.timings import run_timings, timing_lines

Segment = tuple[str, str]
Line = list[Segment]

STATUS_STYLE = {
    "success": "bold green", "unverified": "bold yellow", "done": "green", "finished": "green",
    "running": "cyan",
    "paused": "yellow", "waiting_for_user": "yellow", "needs_user": "yellow",
    "failed": "bold red", "stopped": "red", "interrupted": "magenta",
}  # fmt: skip


def trim(text: str, limit: int) -> str:
    """One line of at most `limit` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: max(1, limit - 1)] + "…"


def elapsed(ts: float, t0: float | None) -> Segment:
    return (f"{max(0.0, ts - t0):6.1f}s " if t0 is not None else "", "dim")


def event_lines(event: Event, *, t0: float | None = None, width: int = 160) -> list[Line]:
    """The lines that describe one event (most events are one line)."""
    describe = _DESCRIBE.get(event.type, _other)
    lines = describe(event, width)
    time = elapsed(event.ts, t0)
    return [[time, *lines[0]], *[[(" " * len(time[0]), ""), *rest] for rest in lines[1:]]]


def plain(line: Line) -> str:
    """The line's text, safe for a terminal (control characters escaped: navwright.printable)."""
    return printable("".join(text for text, _ in line).rstrip())


def render_events(run: RunRow, events: Sequence[Event], *, width: int = 160) -> str:
    """A stored run as text: a header line, then every event."""
    started = dt.datetime.fromtimestamp(run.started).strftime("%Y-%m-%d %H:%M:%S")
    header = printable(f"run {run.id} · {run.status} · started {started} · {len(events)} events")
    t0 = events[0].ts if events else run.started
    out = [header]
    for event in events:
        out.extend(plain(line) for line in event_lines(event, t0=t0, width=width))
    if run.status == "interrupted":
        out.append("(interrupted: the process that ran it stopped before the run finished)")
    out.extend(printable(line) for line in timing_lines(run_timings(events)))
    return "\n".join(out) + "\n"


def totals(calls: int, prompt: int, completion: int, seconds: float) -> str:
    return (
        f"{calls} model call{'s' if calls != 1 else ''} · {prompt + completion:,} tokens "
        f"({prompt:,} prompt + {completion:,} completion) · {seconds:.1f} s"
    )


def _params(params: dict[str, Any]) -> str:
    return " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in params.items())


def _run_started(e: RunStarted, w: int) -> list[Line]:
    where = f"  ({e.url})" if e.url else ""
    allowed = f"  allowed: {', '.join(e.allowed_domains)}" if e.allowed_domains else ""
    return [[("▶ ", "bold cyan"), (trim(e.task, w), "bold"), (where + allowed, "dim")]]


_DECISION_KEYS = {"web_step": ("request", "url", "site"), "ask_user": ("question",),
                  "finish": ("answer",), "give_up": ("reason",)}  # fmt: skip


def _plan(e: PlanUpdated, w: int) -> list[Line]:
    keys = _DECISION_KEYS.get(e.decision, ())
    what = " @ ".join(str(e.detail[k]) for k in keys if e.detail.get(k))
    if not what and e.detail:
        what = json.dumps(e.detail, ensure_ascii=False)
    line: Line = [("◆ plan ", "bold blue"), (e.decision.replace("_", " "), "blue")]
    if what:
        line.append((": " + trim(what, w), ""))
    if e.thought:
        line.append(("  — " + trim(e.thought, w), "italic dim"))
    return [line]


def _step_started(e: StepStarted, w: int) -> list[Line]:
    site = f" [{e.site}]" if e.site else ""
    return [[(f"▸ step {e.step}{site}: ", "bold"), (trim(e.request, w), "")]]


def _model(e: ModelCalled, w: int) -> list[Line]:
    text = f"· {e.role} {e.model} {e.prompt_tokens:,}+{e.completion_tokens:,} tok {e.seconds:.1f}s"
    text += f" ({e.reused_tokens:,} reused)" if e.reused_tokens else ""
    if not e.ok:
        return [[(text, "dim"), ("  failed: " + trim(e.error or "no reason given", w), "red")]]
    return [[(text, "dim")]]


def _action(e: ActionDone, w: int) -> list[Line]:
    mark = ("  ✓ ", "green") if e.ok else ("  ✗ ", "bold red")
    head = f"{e.action} {_params(e.params)}".strip()
    timings = [f"{e.ms:.0f} ms"] if e.ms else []
    if e.observe_ms:
        timings.append(f"observe {e.observe_ms:.0f} ms")
    ms = f" ({', '.join(timings)})" if timings else ""
    return [[mark, (trim(head, w // 2), "bold"), (" → ", "dim"), (trim(e.result, w), ""), (ms, "dim")]]


def _step_finished(e: StepFinished, w: int) -> list[Line]:
    line: Line = [(f"◂ step {e.step} ", "bold"), (e.status, STATUS_STYLE.get(e.status, ""))]
    line.append((": " + trim(e.summary, w), ""))
    if e.answer:
        line.append(("  answer: " + trim(e.answer, w), "cyan"))
    return [line]


def _asked(e: UserAsked, w: int) -> list[Line]:
    return [[("? ", "bold yellow"), (trim(e.question, w), "yellow"), (f"  [{e.kind}]", "dim")]]


def _answered(e: UserAnswered, w: int) -> list[Line]:
    return [[("↳ user: ", "yellow"), (trim(e.answer, w), "")]]


def _state(e: StateChanged, w: int) -> list[Line]:
    return [[("◷ state ", "dim"), (e.state, STATUS_STYLE.get(e.state, ""))]]


def _edited(e: TaskEdited, w: int) -> list[Line]:
    return [[("✎ task edited: ", "bold yellow"), (trim(e.task, w), "")]]


def _shot(e: ScreenshotTaken, w: int) -> list[Line]:
    caption = f" — {trim(e.caption, w)}" if e.caption else ""
    return [[("▣ screenshot ", "dim"), (e.path, "dim"), (caption, "dim")]]


def _finished(e: RunFinished, w: int) -> list[Line]:
    head: Line = [("■ ", "bold"), (e.status, STATUS_STYLE.get(e.status, "bold"))]
    if e.answer:
        head.append(("  answer: " + trim(e.answer, w * 4), "bold"))
    if e.error:
        head.append(("  " + trim(e.error, w), "red"))
    numbers = totals(e.model_calls, e.prompt_tokens, e.completion_tokens, e.seconds)
    if e.steps:
        numbers = f"{e.steps} step{'s' if e.steps != 1 else ''} · {numbers}"
    seen: list[Line] = [[("  seen at ", "dim"), (ev.url, "dim"), (": " + trim(ev.quote, w), "")]
                        for ev in e.evidence]
    checks: list[Line] = [[("  ✓ " if c.ok else "  ✗ ", "green" if c.ok else "yellow"), (c.name, "bold"),
                           (": " + trim(c.detail, w), "")] for c in e.checks]
    return [head, *seen, *checks, [("  " + numbers, "dim")]]


def _replayed(e: WorkflowReplayed, w: int) -> list[Line]:
    step = f" step {e.step}" if e.step else ""
    detail = f": {trim(e.detail, w)}" if e.detail else ""
    return [[(f"↺ workflow {e.workflow} ", "bold magenta"), (f"{e.status}{step}", "magenta"), (detail, "")]]


def _other(e: Event, w: int) -> list[Line]:
    fields = e.model_dump(mode="json", exclude={"run_id", "ts", "type"})
    return [[(f"· {e.type} ", "dim"), (trim(json.dumps(fields, ensure_ascii=False), w), "dim")]]


_DESCRIBE: dict[str, Callable[[Any, int], list[Line]]] = {
    "run_started": _run_started,
    "plan_updated": _plan,
    "step_started": _step_started,
    "model_called": _model,
    "action_done": _action,
    "step_finished": _step_finished,
    "user_asked": _asked,
    "user_answered": _answered,
    "state_changed": _state,
    "task_edited": _edited,
    "screenshot_taken": _shot,
    "run_finished": _finished,
    "workflow_replayed": _replayed,
}
