"""A control a veto refused is not offered again on that page in the step (`refused_not_offered`,
agent/refused.py): the next reply schema names it no more, unless the rule is switched off."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, element_refs
from test_agent_truthful import PRICE_ASKED, _agent, cancel_wrong_row_first

from navwright.agent.refused import held_after_refusal, note_refusal
from navwright.agent.settings import RunSettings
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult, ElementInfo, Observation

SAVE = ElementInfo(id="7", role="button", name="Save bill", form="f1")
TOKEN = ElementInfo(id="3", role="textbox", name="Paste your key", form="f2")


def _page(*elements: ElementInfo, url: str = "http://127.0.0.1/bill/4/edit") -> Observation:
    return Observation(url=url, title="t", mode="all", text="", elements=list(elements))


def _refused(rule: str) -> ActionResult:
    return ActionResult(action="click", ok=False, error="refused", refused_by=rule)


def test_a_control_veto_holds_the_control_on_its_page_only() -> None:
    refused: dict[str, frozenset[tuple[str, str]]] = {}
    note_refusal(refused, SAVE, _page().url, _refused("question_changes_nothing"))
    assert held_after_refusal(refused, _page(SAVE, url="http://127.0.0.1/bill/4/edit/")) == {"7"}
    assert held_after_refusal(refused, _page(SAVE, url="http://127.0.0.1/bill/5/edit")) == frozenset()


def test_a_refusal_for_what_was_typed_holds_nothing() -> None:
    refused: dict[str, frozenset[tuple[str, str]]] = {}
    note_refusal(refused, TOKEN, _page().url, _refused("no_page_credentials"))
    note_refusal(refused, TOKEN, _page().url, ActionResult(action="click", ok=False, error="x"))
    assert refused == {}


def test_a_page_loaded_again_with_another_control_under_the_id_holds_nothing() -> None:
    refused: dict[str, frozenset[tuple[str, str]]] = {}
    note_refusal(refused, SAVE, _page().url, _refused("question_changes_nothing"))
    renumbered = ElementInfo(id="7", role="link", name="Bills")
    assert held_after_refusal(refused, _page(renumbered)) == frozenset()


def _press_then_answer() -> Script:
    return Script(navigator=[lambda p: actions({"name": "click", "element": eid(p, "Add to cart")}),
                             actions(done("The Nordic Buds cost 79.00 EUR"))])


def _offers_cart(refs: set[str]) -> bool:
    return any(ref.startswith("Add to cart #") for ref in refs)


async def test_a_press_a_question_may_not_make_is_not_offered_again(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = _press_then_answer()
    await _agent(script, session, f"{site}/truth_college.html", PRICE_ASKED, events).run()
    first, second = element_refs(script)[:2]
    assert _offers_cart(first) and not _offers_cart(second), events.dump()


async def test_switched_off_the_refused_press_is_offered_again(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = _press_then_answer()
    settings = RunSettings(reader=False, screenshots=False, without=["refused_not_offered"])
    await _agent(script, session, f"{site}/truth_college.html", PRICE_ASKED, events, settings).run()
    assert _offers_cart(element_refs(script)[1]), events.dump()


async def test_another_record_s_refused_cancel_is_held_and_the_named_one_stays_offered(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = await cancel_wrong_row_first(session, site, events)
    first, second = ({r for r in refs if r.startswith("Cancel")} for refs in element_refs(script)[:2])
    assert len(first) == 2 and len(second) == 1 and second < first, (first, second)
