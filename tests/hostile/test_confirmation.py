"""Confirmation where it matters (issue 13 item 6), both directions, judged from what the server received:
a payment or an order still waits for the person; a link, or removing an item from a cart the person
asked to edit, does not, whatever its words or the model's `risky` flag."""

from __future__ import annotations

import asyncio
import re

from agent_support import EventList
from hostile_support import Server
from script import Script, actions, done, eid, finish

from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

BUY = "Buy the mug with my card 4111111111111111"
"""The person gives the card number: a run types no card number nobody gave."""


async def run(task: str, script: Script, session: BrowserSession, url: str, events: EventList,
              yes: bool = False) -> RunResult:
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task=task, url=url), Models.same(model), Tools(session), settings=RunSettings(yes=yes),
        io=RunIO(sink=events),
    )
    return await asyncio.wait_for(agent.run(), 90)


def click(label: str, risky: bool = False) -> object:
    return lambda p: actions({"name": "click", "element": eid(p, label), "risky": risky})


def link_id(prompt: str, label: str) -> str:
    """The id of a link the page lists as `links: [2] Order history | ...`."""
    found = re.search(rf"\[(\w+)\] {re.escape(label)}", prompt)
    assert found, prompt
    return found.group(1)


async def test_a_link_with_a_risky_word_flagged_risky_is_followed_without_asking(
    session: BrowserSession, site: Server, events: EventList
) -> None:
    follow = lambda p: actions({"name": "click", "element": link_id(p, "Order history"), "risky": True})  # noqa: E731
    script = Script(navigator=[follow, actions(done("no orders"))],
                    check=[finish("No orders yet.")])
    result = await run("Show my order history", script, session, f"{site.origin}/cart.html", events)
    assert result.status == "success" and site.got("/orders.html")


async def test_removing_an_item_from_a_cart_the_person_asked_to_edit_asks_nothing(
    session: BrowserSession, site: Server, events: EventList
) -> None:
    script = Script(navigator=[click("Remove", risky=True), actions(done())], check=[finish("Removed.")])
    result = await run("Remove the mug from my cart", script, session, f"{site.origin}/cart.html", events)
    assert result.status == "success" and [r.method for r in site.got("/cart/remove")] == ["POST"]


async def test_a_payment_form_waits_for_the_person(
    session: BrowserSession, site: Server, events: EventList
) -> None:
    pay = lambda p: actions(  # noqa: E731
        {"name": "type_text", "element": eid(p, "Card number"), "text": "4111111111111111"},
        {"name": "click", "element": eid(p, "Continue")})
    script = Script(navigator=[pay])
    result = await run(BUY, script, session, f"{site.origin}/checkout.html", events)
    assert result.status == "needs_user" and site.got("/pay") == []
    assert "payment details" in (result.error or "")


async def test_a_payment_the_person_asked_for_runs_with_yes(
    session: BrowserSession, site: Server, events: EventList
) -> None:
    pay = lambda p: actions(  # noqa: E731
        {"name": "type_text", "element": eid(p, "Card number"), "text": "4111111111111111"},
        {"name": "click", "element": eid(p, "Continue")})
    script = Script(navigator=[pay, actions(done())], check=[finish("Paid.")])
    result = await run(BUY, script, session, f"{site.origin}/checkout.html", events, yes=True)
    assert result.status == "success" and [r.method for r in site.got("/pay")] == ["POST"]
