"""A run as the API shows it: its row (live state or the store's record) and its events folded into
steps, actions, screenshots, the answer and its evidence."""

from __future__ import annotations

from collections.abc import Sequence

from navwright.agent.events import (
    ActionDone,
    Event,
    RunFinished,
    ScreenshotTaken,
    StepFinished,
    StepStarted,
    TaskEdited,
)
from navwright.server.live import LiveRun
from navwright.server.schemas import ActionView, RunDetail, RunSummary, StepView
from navwright.store import RunRow


def screenshot_url(run_id: str, n: int) -> str:
    return f"/runs/{run_id}/screenshots/{n}"


def summary(row: RunRow | None, live: LiveRun | None, position: int | None = None) -> RunSummary:
    """The store's record with the live state on top (a queued run has no record yet)."""
    base = RunSummary(id=live.id, task=live.task, url=live.url, status=live.status) if live else None
    if row is not None:
        base = RunSummary.model_validate(row.model_dump())
    if base is None:
        raise ValueError("a run needs a record or a live state")
    if live is not None:
        base.status, base.task, base.live = live.status, live.task, True
        base.queue_position = position
        if live.result is not None and not base.answer:
            base.answer = live.result.answer
    return base


def detail(head: RunSummary, events: Sequence[Event], live: LiveRun | None) -> RunDetail:
    out = RunDetail(**head.model_dump(), events=len(events))
    steps: dict[int, StepView] = {}
    for event in events:
        _fold(out, steps, event)
    out.steps = list(steps.values())
    if live is not None:
        out.question = None if live.ended else live.user.pending
        if live.result is not None:
            out.error = out.error or live.result.error
    return out


def _fold(out: RunDetail, steps: dict[int, StepView], event: Event) -> None:
    if isinstance(event, StepStarted):
        steps[event.step] = StepView(step=event.step, site=event.site, goal=event.request)
    elif isinstance(event, ActionDone) and event.step in steps:
        steps[event.step].actions.append(
            ActionView(
                action=event.action, params=event.params, ok=event.ok, result=event.result, url=event.url
            )
        )
    elif isinstance(event, StepFinished) and event.step in steps:
        steps[event.step] = steps[event.step].model_copy(update={
            "status": event.status, "summary": event.summary, "answer": event.answer, "url": event.url,
        })  # fmt: skip
    elif isinstance(event, ScreenshotTaken):
        out.screenshots.append(screenshot_url(out.id, len(out.screenshots) + 1))
        if steps:
            steps[max(steps)].screenshot = out.screenshots[-1]
    elif isinstance(event, TaskEdited):
        out.task = event.task
    elif isinstance(event, RunFinished):
        out.answer, out.evidence, out.error = event.answer, event.evidence, event.error
        out.checks = event.checks
