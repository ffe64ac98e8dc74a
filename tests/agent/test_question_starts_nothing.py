"""A question opens no form for a new record (`question_starts_nothing`, agent/starting.py): while the
task only asks, the reply's schema names no control that starts one ("New Ticket", "Add a new note")."""

from __future__ import annotations

import pytest
from agent_support import EventList
from script import Script, actions, done, element_refs, finish
from test_agent_flow import agent_for

from navwright.agent.settings import RunSettings
from navwright.agent.starting import held_back, starts_record
from navwright.agent.task.intent import parse
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation

QUESTION = "How many open tickets does the storage component of Harbor have?"


PAGE = "http://127.0.0.1/flat-42/"


def _control(name: str, role: str = "link", href: str | None = None) -> ElementInfo:
    return ElementInfo(id="1", role=role, name=name, href=href)


@pytest.mark.parametrize(("name", "href"), [
    ("New Ticket", "http://127.0.0.1/newticket"), ("New issue", "http://127.0.0.1/repo/issues/new"),
    ("Add a new bill", "http://127.0.0.1/flat-42/#"), ("+ Add participant", "javascript:void(0)"),
    ("Add child page", "http://127.0.0.1/admin/pages/3/add_subpage/"),
    ("Create account", "http://127.0.0.1/index.php?title=Special:CreateAccount"), ("Create page", None),
])
def test_a_link_to_a_form_that_starts_one_record_is_known_by_its_label_and_address(
    name: str, href: str | None
) -> None:
    assert starts_record(_control(name, href=href), PAGE)


@pytest.mark.parametrize("name", ["New Ticket", "Add a new note", "Create QR code"])
def test_a_button_that_starts_one_record_is_known_by_its_label(name: str) -> None:
    assert starts_record(_control(name, "button"), PAGE)


@pytest.mark.parametrize("name", ["New arrivals", "New questions", "Add filter", "New search", "Add",
                                  "Add to cart", "New Custom Query", "View Tickets", "Newsletter",
                                  "Address book"])
def test_a_list_of_the_newest_a_view_or_a_bare_add_starts_no_record(name: str) -> None:
    assert not starts_record(_control(name, "button"), PAGE)


@pytest.mark.parametrize(("name", "href"), [
    ("New beehives arrive", "http://127.0.0.1/news/new-beehives-arrive/"),
    ("New York", "http://127.0.0.1/cities/new-york"), ("New Ticket", "http://127.0.0.1/report/7"),
])
def test_a_link_whose_address_makes_nothing_starts_no_record(name: str, href: str) -> None:
    assert not starts_record(_control(name, href=href), PAGE)


def test_a_field_labelled_new_starts_nothing() -> None:
    assert not starts_record(_control("New password", "textbox"), PAGE)


def test_only_a_question_holds_them_back_and_never_the_one_the_task_names() -> None:
    obs = Observation(url=PAGE, title="t", mode="all", text="",
                      elements=[ElementInfo(id="1", role="link", name="New Ticket", href=f"{PAGE}newticket"),
                                ElementInfo(id="2", role="button", name="New York")])
    assert held_back(parse(QUESTION), obs) == {"1", "2"}
    assert held_back(parse("What is the population of New York?"), obs) == {"1"}
    assert held_back(parse("File a new ticket: the storage component leaks"), obs) == frozenset()


async def _offered(session: BrowserSession, site: str, events: EventList, task: str,
                   settings: RunSettings) -> set[str]:
    script = Script(navigator=[actions(done("4 open tickets"))] * 4, planner=[finish("4 open tickets")] * 4)
    await agent_for(script, session, f"{site}/tracker_menu.html", events, settings, task=task).run()
    return element_refs(script, "navigator")[0]


async def test_a_question_is_offered_no_control_that_starts_a_new_record(
    session: BrowserSession, site: str, events: EventList
) -> None:
    offered = await _offered(session, site, events, QUESTION, RunSettings(reader=False))
    names = {ref.rsplit(" #", 1)[0] for ref in offered}
    assert {"View Tickets", "New arrivals", "Add filter", "New beehives arrive"} <= names, offered
    assert not names & {"New Ticket", "Add a new note"}, offered


async def test_switched_off_or_for_an_action_the_control_is_offered(
    session: BrowserSession, site: str, events: EventList
) -> None:
    off = RunSettings(reader=False, without=["question_starts_nothing"])
    names = {ref.rsplit(" #", 1)[0] for ref in await _offered(session, site, events, QUESTION, off)}
    assert {"New Ticket", "Add a new note"} <= names
    events.events.clear()
    action = "File a new ticket in Harbor: the storage component leaks"
    names = {ref.rsplit(" #", 1)[0] for ref in await _offered(session, site, events, action,
                                                               RunSettings(reader=False))}
    assert "New Ticket" in names
