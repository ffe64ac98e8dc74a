"""`navwright run --json` carries the run's timings (issue 37)."""

from __future__ import annotations

import json

from navwright.agent.events import ActionDone, Event, ModelCalled, RunFinished, RunStarted
from navwright.console import JsonCollector, result_json


def test_the_json_object_gives_each_call_and_the_shares_of_time() -> None:
    kept = JsonCollector()
    events: list[Event] = [
        RunStarted(run_id="r", ts=0.0, task="t"),
        ModelCalled(run_id="r", ts=1.0, role="navigator", model="m", prompt_tokens=800, completion_tokens=9,
                    seconds=4.0, reused_tokens=700),
        ActionDone(run_id="r", ts=2.0, step=1, action="click", ok=True, result="ok", ms=1000.0),
        RunFinished(run_id="r", ts=8.0, status="success", model_calls=1, seconds=8.0),
    ]  # fmt: skip
    for event in events:
        kept.emit(event)
    timings = json.loads(result_json({"status": "success"}, kept.events))["timings"]
    assert timings["calls"] == [{"role": "navigator", "prompt_tokens": 800, "reused_tokens": 700,
                                 "completion_tokens": 9, "seconds": 4.0}]  # fmt: skip
    assert timings["reused_tokens"] == 700 and timings["seconds"] == 8.0
    assert timings["share"] == {"model": 0.5, "browser": 0.125, "navwright": 0.375}
    assert json.loads(kept.json())["timings"] == timings
