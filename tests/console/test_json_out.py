from __future__ import annotations

import json
from collections.abc import Callable

from pydantic import BaseModel

from navwright.agent.events import Event
from navwright.console import JsonCollector, result_json

KEYS = ["status", "answer", "evidence", "checks", "steps", "model_calls", "prompt_tokens",
        "completion_tokens", "seconds", "run_id", "error", "timings"]


def test_collector_builds_the_json_object_from_events(scripted_events: Callable[..., list[Event]]) -> None:
    collector = JsonCollector()
    for event in scripted_events("r9"):
        collector.emit(event)
    data = json.loads(collector.json())
    assert list(data) == KEYS
    assert data["status"] == "success" and data["answer"] == "Cart total is 19.99" and data["run_id"] == "r9"
    assert (data["model_calls"], data["prompt_tokens"], data["completion_tokens"]) == (3, 3000, 90)
    assert data["seconds"] == 5.04
    step = {"step": 1, "request": "add the cheapest kettle", "status": "done",
            "summary": "kettle in cart", "answer": "cart total 19.99", "url": ""}  # fmt: skip
    assert data["steps"] == 1 and collector.step_reports == [step]


class Result(BaseModel):
    status: str
    answer: str
    steps: int
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    run_id: str
    internal: str = "not printed"


def test_result_json_picks_the_documented_keys_from_a_model_or_a_dict() -> None:
    result = Result(status="failed", answer="", steps=2, model_calls=4, prompt_tokens=10,
                    completion_tokens=2, seconds=1.5, run_id="x")  # fmt: skip
    data = json.loads(result_json(result))
    assert list(data) == KEYS and data["steps"] == 2 and "internal" not in data
    partial = json.loads(result_json({"status": "needs_user", "run_id": "y"}))
    assert partial["status"] == "needs_user" and partial["answer"] is None
