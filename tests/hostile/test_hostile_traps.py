"""Hostile pages that try to take the browser elsewhere or hold it: redirects and popups to another host
(judged from the other host's request log), endless alerts, beforeunload traps, a 2 MB page. Every run
ends, in words, within a bounded time."""

from __future__ import annotations

import asyncio
import time

import pytest
from agent_support import EventList
from hostile_support import Server
from script import Script, actions, done, eid, finish, give_up

from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

LIMIT_S = 90
ALERT_LIMIT_S = 30
"""Measured: under 2 s unloaded (was 44 s, and past 90 s on a loaded machine)."""
FENCE = RunSettings(allowed_domains=["127.0.0.1"])


async def run(task: str, script: Script, session: BrowserSession, url: str, events: EventList,
              settings: RunSettings | None = None) -> RunResult:
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task=task, url=url), Models.same(model), Tools(session),
        settings=settings or RunSettings(), io=RunIO(sink=events),
    )
    return await asyncio.wait_for(agent.run(), LIMIT_S)


def click(label: str) -> object:
    return lambda p: actions({"name": "click", "element": eid(p, label)})


async def test_a_same_site_link_that_redirects_off_site_once_is_fenced(
    fenced: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    script = Script(navigator=[click("Today's offer"), actions(done("no offer"))],
                    check=[finish("no offer")], planner=[give_up("the offer is elsewhere")])
    await run("What is today's offer?", script, fenced, f"{site.origin}/redirect.html", events, FENCE)
    assert other.log == []


async def test_a_same_site_link_that_redirects_off_site_twice_is_fenced(
    fenced: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    script = Script(navigator=[click("Weekly deals"), actions(done("no deals"))],
                    check=[finish("no deals")], planner=[give_up("the deals are elsewhere")])
    await run("What are the weekly deals?", script, fenced, f"{site.origin}/redirect.html", events, FENCE)
    assert other.log == []


async def test_a_popup_and_a_new_tab_to_another_host_reach_nothing(
    fenced: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    both = lambda p: actions({"name": "click", "element": eid(p, "See the offer")},  # noqa: E731
                             {"name": "click", "element": eid(p, "Partner deals")})
    script = Script(navigator=[both, click("Partner deals"), actions(done("nothing"))],
                    check=[finish("nothing")], planner=[give_up("the offer is elsewhere")])
    await run("What is the offer?", script, fenced, f"{site.origin}/popup.html", events, FENCE)
    await asyncio.sleep(0.5)
    assert other.log == []


@pytest.mark.parametrize("page", ["alerts.html", "alerts-caught.html"])
async def test_an_endless_alert_loop_ends_the_run_in_words(
    session: BrowserSession, site: Server, events: EventList, page: str
) -> None:
    """`for (;;) alert()` from a timer and from a click, and the same loop catching the error a blocked
    dialog throws: the dialogs are answered, then blocked, the looping script is stopped, and the page
    is read as usual."""
    script = Script(navigator=[click("Continue"), actions(done("9 to 5"))],
                    check=[finish("Open 9 to 5.")], planner=[give_up("the page keeps alerting")])
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task="When is it open?", url=f"{site.origin}/{page}"), Models.same(model), Tools(session),
        io=RunIO(sink=events),
    )
    result = await asyncio.wait_for(agent.run(), ALERT_LIMIT_S)
    said = " ".join(e.result for e in events.of("action_done"))  # type: ignore[attr-defined]
    assert "the page keeps opening alert dialogs" in said and "further dialogs are blocked" in said
    assert said.count("said ") <= 3  # a few dialogs in words, the rest counted
    assert result.status == "success" and result.answer == "Open 9 to 5."


async def test_a_beforeunload_trap_does_not_hold_the_run(
    session: BrowserSession, site: Server, events: EventList
) -> None:
    script = Script(navigator=[click("Shop"), actions(done("$12.00"))] * 2,
                    check=[finish("$12.00")] * 2, planner=[give_up("the page will not let go")] * 2)
    url = f"{site.origin}/trap.html"
    result = await run("What does the mug in the shop cost?", script, session, url, events)
    assert result.status in {"success", "failed"} and (result.answer or result.error)


async def test_a_two_megabyte_page_stays_within_the_observation_budget(
    session: BrowserSession, site: Server, events: EventList
) -> None:
    script = Script(navigator=[actions(done("42"))], check=[finish("42")])
    start = time.monotonic()
    result = await run("What is the answer?", script, session, f"{site.origin}/big.html", events,
                       RunSettings(observe_budget_tokens=1400))
    assert result.status == "success" and time.monotonic() - start < LIMIT_S
    page = script.seen("navigator")[0].split("Page now:", 1)[1]
    assert len(page) < 1400 * 6 and "The answer is 42" in page
    assert "The answer is 42" in result.evidence[0].quote  # the page's line, not an element id "[42]"
