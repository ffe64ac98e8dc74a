"""The events of a run that ended outside its Agent (no model, no browser, stopped in the queue, a
worker that died): `RunStarted` unless the run had started, then `RunFinished` saying why."""

from __future__ import annotations

from navwright.agent.events import Event, RunFinished, RunStarted
from navwright.agent.outcomes import RunResult


def closing_events(
    result: RunResult, task: str, url: str | None, allowed_domains: list[str], *, started: bool
) -> list[Event]:
    finished = RunFinished(run_id=result.run_id, status=result.status, error=result.error)
    if started:
        return [finished]
    return [RunStarted(run_id=result.run_id, task=task, url=url, allowed_domains=allowed_domains), finished]


def result_of(finished: RunFinished) -> RunResult:
    """The result a run's `RunFinished` event reports (for a worker that died after sending it)."""
    return RunResult.model_validate(finished.model_dump(exclude={"type"}))
