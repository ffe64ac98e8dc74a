from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from navwright.agent.events import (
    ActionDone,
    Event,
    ModelCalled,
    PlanUpdated,
    RunFinished,
    RunStarted,
    StepFinished,
    StepStarted,
)
from navwright.store import RunStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RunStore]:
    with RunStore(tmp_path / "home" / "runs.db") as s:
        yield s


def scripted_run(run_id: str = "run-0001", t0: float = 1_700_000_000.0) -> list[Event]:
    """A short finished run: one web step with one action, two model calls."""
    return [
        RunStarted(run_id=run_id, ts=t0, task="find the cheapest kettle", url="http://127.0.0.1:8000/"),
        PlanUpdated(run_id=run_id, ts=t0 + 0.5, decision="web_step", thought="the shop lists kettles",
                    detail={"request": "open the kettles list", "site": "shop"}),
        ModelCalled(run_id=run_id, ts=t0 + 0.5, role="planner", model="tiny", prompt_tokens=100,
                    completion_tokens=20, seconds=0.5),
        StepStarted(run_id=run_id, ts=t0 + 0.6, step=1, site="shop", request="open the kettles list"),
        ModelCalled(run_id=run_id, ts=t0 + 1.0, role="navigator", model="tiny", prompt_tokens=300,
                    completion_tokens=10, seconds=0.4),
        ActionDone(run_id=run_id, ts=t0 + 1.1, step=1, action="click", params={"id": 12}, ok=True,
                   result="Navigated to /kettles; 3 products appeared.", url="http://127.0.0.1:8000/kettles",
                   ms=42.0),
        StepFinished(run_id=run_id, ts=t0 + 1.2, step=1, status="done", summary="cheapest is Steel Kettle",
                     answer="Steel Kettle, 19.99"),
        RunFinished(run_id=run_id, ts=t0 + 2.0, status="success", answer="Steel Kettle at 19.99",
                    model_calls=2, prompt_tokens=400, completion_tokens=30, seconds=2.0),
    ]  # fmt: skip


ScriptedRun = Callable[..., list[Event]]


@pytest.fixture
def scripted() -> ScriptedRun:
    return scripted_run
