"""End to end with answers recorded from the embedded model (cassettes in tests/agent/cassettes).

Replays need no model. To record again (the prompts changed): NAVWRIGHT_RECORD=1 pytest tests/agent -k
recorded — that loads the embedded model. Pages are served on fixed ports and the date is fixed, so
the prompts (and the cassette keys) are the same on every machine.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from agent_support import FIXTURES, EventList, Quiet

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.base import ChatModel
from navwright.models.replay import ReplayModel, mode_from_env

CASSETTES = Path(__file__).parent / "cassettes"
PAGES_PORT = 47812
SHOP_PORT = 47813
TODAY = dt.date(2026, 11, 22)


def recorded(name: str) -> ChatModel:
    mode = mode_from_env()
    if mode == "replay":
        return ReplayModel(CASSETTES / f"{name}.jsonl", mode="replay")
    from navwright.models.factory import ModelPool, make_model

    return ReplayModel(CASSETTES / f"{name}.jsonl", make_model("embedded", ModelPool(progress=False)), mode)


@pytest.fixture
def fixed_pages() -> Iterator[str]:
    handler = partial(Quiet, directory=str(FIXTURES))
    server = ThreadingHTTPServer(("127.0.0.1", PAGES_PORT), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{PAGES_PORT}"
    server.shutdown()
    server.server_close()


async def test_recorded_newsletter_signup_on_one_page(
    session: BrowserSession, fixed_pages: str, events: EventList
) -> None:
    model = recorded("newsletter")
    agent = Agent(
        TaskRequest(task="Sign up for the newsletter as Ada Lovelace, with the weekly digest.",
                    url=f"{fixed_pages}/form.html"),
        Models.same(model), Tools(session), settings=RunSettings(today=TODAY), io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "success", result.error
    assert await session.page.inner_text("#out") == "Thanks, Ada Lovelace!"
    assert await session.page.is_checked("#weekly")


async def test_recorded_answer_read_on_a_second_page(
    session: BrowserSession, fixed_pages: str, events: EventList
) -> None:
    model = recorded("opening_hours")
    agent = Agent(
        TaskRequest(task="When is the shop open? Look up its opening hours.",
                    url=f"{fixed_pages}/links.html"),
        Models.same(model), Tools(session), settings=RunSettings(today=TODAY), io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "success", result.error
    assert "9" in result.answer and ("17" in result.answer or "5 PM" in result.answer), result.answer


async def test_recorded_demo_task_done_through_the_shops_site_functions(
    session: BrowserSession, events: EventList
) -> None:
    """The shop publishes search_products / add_to_cart: the agent uses them instead of clicking."""
    from navwright.demo import serve_demo
    from navwright.demo.task import check_outcome, demo_task
    from navwright.sites import SiteSkillSource

    model = recorded("demo_site_functions")
    with serve_demo(port=SHOP_PORT) as shop:
        agent = Agent(
            TaskRequest(task=demo_task(shop, "headphones"), url=shop.url + "/"), Models.same(model),
            Tools(session, sites=SiteSkillSource()), settings=RunSettings(today=TODAY), io=RunIO(sink=events),
        )  # fmt: skip
        result = await agent.run()
        ok, why = check_outcome(shop, "headphones", result.answer)
    assert result.status == "success", result.error
    assert ok, why
    called = [e.action for e in events.of("action_done")]  # type: ignore[attr-defined]
    assert "add_to_cart" in called and "click" not in called, called
