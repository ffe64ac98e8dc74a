"""A question's menu offers no field of a form that changes the site (`question_offered_no_change_form`:
the fields the veto `question_fills_nothing` would refuse are held back from the start, agent/vetoes.py
`change_form_fields`)."""

from __future__ import annotations

from agent_support import EventList
from menu_support import held_unless_off

from navwright.agent.task.intent import parse
from navwright.agent.vetoes import change_form_fields
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation

QUESTION = "How much has Chloe paid for the internet?"


def test_only_a_question_holds_back_the_fields_of_a_form_that_changes_the_site() -> None:
    page = Observation(url="http://127.0.0.1/flat-42/", title="t", mode="all", text="", elements=[
        ElementInfo(id="1", role="textbox", name="Add participant", form="f1"),
        ElementInfo(id="2", role="button", name="Add", form="f1"),
        ElementInfo(id="3", role="textbox", name="Search", form="f2"),
        ElementInfo(id="4", role="button", name="Search", form="f2"),
        ElementInfo(id="5", role="select", name="Who paid?", form="f3", options=["Ben", "Chloe"]),
        ElementInfo(id="6", role="button", name="Save bill", form="f3")])
    assert change_form_fields(parse(QUESTION), page) == {"1", "5"}
    assert change_form_fields(parse("Add Dana to the project"), page) == frozenset()


async def test_the_navigator_is_not_offered_a_field_its_veto_would_refuse(
    session: BrowserSession, site: str, events: EventList
) -> None:
    await held_unless_off(session, f"{site}/budget_home.html", events, QUESTION,
                          "question_offered_no_change_form", held="Add participant", kept="Bills")
