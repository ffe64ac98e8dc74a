from __future__ import annotations

from collections.abc import Callable
from io import StringIO

import pytest
from rich.console import Console

from navwright.agent.events import (
    ActionDone,
    Event,
    ModelCalled,
    PlanUpdated,
    RunFinished,
    RunStarted,
    StepFinished,
    StepStarted,
    UserAnswered,
    UserAsked,
)

T0 = 1_700_000_000.0


def make_console() -> tuple[Console, StringIO]:
    out = StringIO()
    return Console(file=out, width=200, color_system=None, force_terminal=False), out


@pytest.fixture
def console_out() -> tuple[Console, StringIO]:
    return make_console()


def run_events(run_id: str = "r1") -> list[Event]:
    return [
        RunStarted(run_id=run_id, ts=T0, task="buy the cheapest kettle", url="http://127.0.0.1:8000/"),
        PlanUpdated(run_id=run_id, ts=T0 + 0.4, decision="web_step", thought="kettles are in the shop",
                    detail={"request": "add the cheapest kettle to the cart", "site": "shop"}),
        ModelCalled(run_id=run_id, ts=T0 + 0.4, role="planner", model="tiny", prompt_tokens=1200,
                    completion_tokens=40, seconds=0.4),
        StepStarted(run_id=run_id, ts=T0 + 0.5, step=1, site="shop", request="add the cheapest kettle"),
        ActionDone(run_id=run_id, ts=T0 + 1.0, step=1, action="click", params={"id": 7}, ok=True,
                   result="Opened /kettles. " + "Steel Kettle 19.99. " * 20, ms=38.0),
        ActionDone(run_id=run_id, ts=T0 + 1.2, step=1, action="click", params={"id": 9}, ok=False,
                   result="Element 9 is gone; read the page again."),
        UserAsked(run_id=run_id, ts=T0 + 1.3, question="Pay 19.99 for Steel Kettle?", kind="confirm"),
        UserAnswered(run_id=run_id, ts=T0 + 4.0, answer="yes"),
        StepFinished(run_id=run_id, ts=T0 + 4.5, step=1, status="done", summary="kettle in cart",
                     answer="cart total 19.99"),
        RunFinished(run_id=run_id, ts=T0 + 5.0, status="success", answer="Cart total is 19.99",
                    model_calls=3, prompt_tokens=3000, completion_tokens=90, seconds=5.04),
    ]  # fmt: skip


@pytest.fixture
def scripted_events() -> Callable[..., list[Event]]:
    return run_events
