"""The page's language switcher is left alone (`language_left_alone`, agent/languages.py): while the task
names no language, the reply's schema names no control of it ("Languages", "Deutsch", a select of
languages); a task that asks for a language is offered them."""

from __future__ import annotations

import pytest
from agent_support import EventList
from menu_support import offered_labels

from navwright.agent.languages import asks_language, language_named, left_alone
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation

QUESTION = "How much has Chloe paid in all?"
NAMES = ["Deutsch", "English", "Español", "Français", "Čeština", "Português (Brasil)"]


def _page(*elements: ElementInfo) -> Observation:
    return Observation(url="http://127.0.0.1/flat-42/", title="t", mode="all", text="",
                       elements=list(elements))


@pytest.mark.parametrize("label", ["Deutsch", "English (UK)", "Čeština", "日本語", "Tiếng Việt", "français"])
def test_a_languages_own_name_is_known_with_or_without_its_region(label: str) -> None:
    assert language_named(label)


@pytest.mark.parametrize("label", ["English lessons", "Germany", "Bills", "Deutsche Bahn"])
def test_a_label_that_only_holds_such_a_name_is_none(label: str) -> None:
    assert not language_named(label)


def test_a_list_of_language_links_and_its_toggle_are_held_back() -> None:
    links = [ElementInfo(id=str(i), role="link", name=n) for i, n in enumerate(NAMES)]
    toggle = ElementInfo(id="t", role="link", name="Languages")
    other = ElementInfo(id="b", role="link", name="Bills")
    assert left_alone(parse(QUESTION), _page(toggle, other, *links)) == {"t", *(str(i) for i in range(6))}


def test_one_link_named_like_a_language_is_no_switcher() -> None:
    assert left_alone(parse(QUESTION), _page(ElementInfo(id="1", role="link", name="English"),
                                            ElementInfo(id="2", role="link", name="Deutsch"))) == frozenset()


@pytest.mark.parametrize("label", ["Language", "Change language", "Select your language", "Sprache"])
def test_a_toggle_that_says_only_language_is_held_back(label: str) -> None:
    assert left_alone(parse(QUESTION), _page(ElementInfo(id="1", role="button", name=label))) == {"1"}


def test_a_select_of_languages_is_held_back_and_a_select_of_other_things_is_not() -> None:
    langs = ElementInfo(id="1", role="select", name="", options=["English", "Deutsch", "Italiano"])
    payer = ElementInfo(id="2", role="select", name="Who paid?", options=["Ben", "Chloe", "English"])
    assert left_alone(parse(QUESTION), _page(langs, payer)) == {"1"}


@pytest.mark.parametrize("task", ["Switch the site to German", "Show the page in Deutsch",
                                  "Which languages does the site offer?", "Read it in Português"])
def test_a_task_that_names_a_language_is_offered_the_switcher(task: str) -> None:
    assert asks_language(parse(task))
    links = [ElementInfo(id=str(i), role="link", name=n) for i, n in enumerate(NAMES)]
    assert left_alone(parse(task), _page(*links)) == frozenset()


async def _offered(session: BrowserSession, site: str, events: EventList, task: str,
                   settings: RunSettings) -> set[str]:
    return await offered_labels(session, f"{site}/budget_languages.html", events, task, settings)


async def test_the_navigator_is_offered_no_control_of_the_language_switcher(
    session: BrowserSession, site: str, events: EventList
) -> None:
    names = await _offered(session, site, events, QUESTION, RunSettings(reader=False))
    assert {"Bills", "Settle", "English"} <= names, names  # "English" of "English lessons" is kept
    assert not names & {"Languages", "Site language"}, names


async def test_switched_off_or_asked_for_the_switcher_is_offered(
    session: BrowserSession, site: str, events: EventList
) -> None:
    off = RunSettings(reader=False, without=["language_left_alone"])
    assert {"Languages", "Site language"} <= await _offered(session, site, events, QUESTION, off)
    events.events.clear()
    german = await _offered(session, site, events, "Switch the budget to German", RunSettings(reader=False))
    assert {"Languages", "Site language"} <= german
