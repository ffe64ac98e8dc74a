"""The one JSON object `navwright run --json` prints."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from navwright.agent.events import Event
from navwright.store.timings import run_timings

log = logging.getLogger(__name__)

RESULT_KEYS = (
    "status", "answer", "evidence", "checks", "steps", "model_calls", "prompt_tokens", "completion_tokens",
    "seconds", "run_id", "error", "timings",
)  # fmt: skip


def result_json(result: BaseModel | Mapping[str, Any], events: Sequence[Event] | None = None) -> str:
    """The RESULT_KEYS of a RunResult (or a dict with those keys); missing keys are null. `error` says
    why a run that did not succeed ended (e.g. the browser did not start), else null. `timings`
    (`store.timings`) comes from the run's `events` when given."""
    data = result.model_dump(mode="json") if isinstance(result, BaseModel) else dict(result)
    if events is not None:
        data["timings"] = run_timings(events).as_json()
    picked = {key: data.get(key) for key in RESULT_KEYS}
    return json.dumps(to_jsonable_python(picked), ensure_ascii=False)


class JsonCollector:
    """An EventSink that builds the `--json` object from events, for callers without a RunResult.

    `steps` is the number of steps, as in RunResult; `step_reports` keeps each finished step as
    {step, request, status, summary, answer, url} for callers who want more.
    """

    def __init__(self) -> None:
        self.data: dict[str, Any] = {key: None for key in RESULT_KEYS}
        self.data["steps"] = 0
        self.step_reports: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self._requests: dict[int, str] = {}

    def emit(self, event: Event) -> None:
        try:
            self._collect(event)
        except Exception as exc:
            log.debug("json collector skipped an event: %s", exc)

    def _collect(self, event: Event) -> None:
        self.events.append(event)
        if event.type == "run_started":
            self.data["run_id"] = event.run_id
        elif event.type == "step_started":
            self._requests[event.step] = event.request
        elif event.type == "step_finished":
            self.data["steps"] = max(int(self.data["steps"]), event.step)
            self.step_reports.append(
                {"step": event.step, "request": self._requests.get(event.step, ""), "status": event.status,
                 "summary": event.summary, "answer": event.answer, "url": event.url}
            )  # fmt: skip
        elif event.type == "run_finished":
            self.data.update(
                run_id=event.run_id, status=event.status, answer=event.answer, model_calls=event.model_calls,
                prompt_tokens=event.prompt_tokens, completion_tokens=event.completion_tokens,
                seconds=round(event.seconds, 3), steps=event.steps or self.data["steps"], error=event.error,
                evidence=[e.model_dump() for e in event.evidence],
                checks=[c.model_dump() for c in event.checks],
            )  # fmt: skip

    def result(self) -> dict[str, Any]:
        return dict(self.data)

    def json(self) -> str:
        return result_json(self.data, self.events)
