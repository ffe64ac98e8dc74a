"""A run stays signed in (`stay_signed_in`, agent/signout.py): while the task does not ask to log out,
the reply's schema names no control that ends the session."""

from __future__ import annotations

import pytest
from agent_support import EventList
from menu_support import held_unless_off

from navwright.agent.signout import kept_signed_in, signs_out
from navwright.agent.task.intent import parse
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation

QUESTION = "How much has Chloe paid in all?"


@pytest.mark.parametrize("label", ["Log out", "Logout", "Sign out", "LOG OFF", "Abmelden", "Sign out now"])
def test_a_control_that_ends_the_session_is_known_by_its_label(label: str) -> None:
    assert signs_out(label)


@pytest.mark.parametrize("label", ["Sign out of newsletters", "Logout history", "Log in", "Outlet"])
def test_a_label_that_says_more_ends_nothing(label: str) -> None:
    assert not signs_out(label)


def test_a_task_that_asks_to_log_out_is_offered_it() -> None:
    page = Observation(url="http://127.0.0.1/", title="t", mode="all", text="",
                       elements=[ElementInfo(id="1", role="link", name="Log out"),
                                 ElementInfo(id="2", role="textbox", name="Log out")])
    assert kept_signed_in(parse(QUESTION), page) == {"1"}
    assert kept_signed_in(parse("Log out of the shop when you are done"), page) == frozenset()


async def test_the_navigator_is_not_offered_log_out_unless_the_rule_is_off(
    session: BrowserSession, site: str, events: EventList
) -> None:
    await held_unless_off(session, f"{site}/budget_languages.html", events, QUESTION, "stay_signed_in",
                          held="Log out", kept="Statistics")
