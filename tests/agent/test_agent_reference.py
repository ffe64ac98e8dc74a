"""The reference look-up: a task that gives a booking reference, on a page with no field for it, opens
the site's link to where bookings are looked up; the form there is filled from the task and sent."""

from __future__ import annotations

from agent_support import EventList
from script import Script

from navwright.agent.reference import reference_link
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.names import reference_in
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation
from navwright.models.scripted import ScriptedModel

TASK = "My booking reference is RH7K2Q (surname Okafor). What time does my train leave?"


async def test_a_booking_reference_is_looked_up_where_the_site_keeps_bookings(
    session: BrowserSession, site: str, events: EventList
) -> None:
    find = {"fields": {"Booking reference": "RH7K2Q", "Surname": "Okafor"}}

    def read(prompt: str) -> dict[str, str]:
        return {"kind": "question", "answer": "10:02" if "Departs 10:02" in prompt else ""}

    script = Script(reader=[read] * 3, formfill=[find])
    request = TaskRequest(task=TASK, url=f"{site}/rail_home.html")
    model = Models.same(ScriptedModel(script))
    result = await Agent(request, model, Tools(session), io=RunIO(sink=events)).run()
    assert result.status == "success" and result.answer == "10:02", events.dump()
    assert script.seen("navigator") == []  # the link, the form and its sending took no decision
    assert any("Departs 10:02" in e.quote for e in result.evidence)


def test_only_a_code_the_task_calls_a_reference_is_one() -> None:
    assert reference_in(TASK) == "RH7K2Q"
    assert reference_in("check the status of my application LF-PP-2026-00871") == "LF-PP-2026-00871"
    assert reference_in("How much is the XR-2000 drill?") is None  # a product's name
    assert reference_in("Book flight SW 488 for two") is None


def test_the_link_to_where_references_are_looked_up_has_the_most_words_of_the_kind() -> None:
    def links(*names: str) -> Observation:
        return Observation(url="http://x/", title="x", mode="all", text="", elements=[
            ElementInfo(id=str(i), role="link", name=n) for i, n in enumerate(names)])

    task = "My booking reference is QX7P2L (last name Okafor). What time does that flight leave?"
    assert reference_link(parse(task), links("Flights", "My trips", "Baggage")) == "1"
    permit = "check the status of my parking permit application LF-PP-2026-00871"
    assert reference_link(parse(permit), links("Apply", "Fees", "Check application status")) == "2"
    assert reference_link(parse(task), links("Flights", "Baggage", "About us")) is None
