"""Where the navigator's answer may stop (agent/batchend.py): after the first action that surely ends
its batch, read from what the skills declare and from the page's elements."""

from __future__ import annotations

import json

from navwright.agent.batchend import BatchEnd
from navwright.agent.menus import step_menu
from navwright.agent.settings import RunSettings
from navwright.agent.step import StepState
from navwright.browser.skills import default_registry
from navwright.browser.skills.base import Skill
from navwright.browser.types import ElementInfo, Observation
from navwright.models.base import closer

PAGE = "http://127.0.0.1:8000/garden/news/"
ELEMENTS = [
    ElementInfo(id="3", role="link", name="Beehives", href="http://127.0.0.1:8000/garden/news/bees/"),
    ElementInfo(id="4", role="link", name="Top", href=PAGE + "#top"),
    ElementInfo(id="5", role="link", name="Menu", href="javascript:void(0)"),
    ElementInfo(id="6", role="textbox", name="Search", form="f1"),
    ElementInfo(id="7", role="button", name="Go", form="f1"),
    ElementInfo(id="8", role="button", name="Show filters"),
    ElementInfo(id="9", role="textbox", name="Comment", form="f2"),
]


def _skills() -> dict[str, Skill]:
    return dict(default_registry().skills)


def _end(read_first: frozenset[str] = frozenset()) -> BatchEnd:
    return BatchEnd(_skills(), {e.id: e for e in ELEMENTS}, PAGE, read_first)


def _prefix(*actions: dict[str, object], then: str = "") -> str:
    """What the model has written when it has just closed the last of `actions`, and `then` after it."""
    return '{"actions":[' + ",".join(json.dumps(a) for a in actions) + then


CLICK = {"name": "click", "element": "Beehives #3"}
NEXT = ',{"name":"click"'
"""The model starting another action that is no finish."""


def test_the_answer_closes_after_a_link_to_another_page_once_no_finish_follows() -> None:
    assert _end().closed(_prefix(CLICK)) is None  # a finish may follow
    assert _end().closed(_prefix(CLICK, then=',{"name":"fin')) is None
    closed = _end().closed(_prefix(CLICK, then=NEXT))
    assert closed is not None and json.loads(closed) == {"actions": [CLICK]}


def test_a_finish_after_the_action_that_ends_the_batch_is_kept_and_closes_the_answer() -> None:
    done = {"name": "finish", "status": "done", "answer": "signed up"}
    closed = _end().closed(_prefix(CLICK, done))
    assert closed is not None and json.loads(closed) == {"actions": [CLICK, done]}
    more = _end().closed(_prefix(CLICK, {"name": "click", "element": "Top #4"}))  # written whole: cut
    assert more is not None and json.loads(more) == {"actions": [CLICK]}


def test_a_link_to_a_place_on_the_same_page_or_a_script_lets_the_model_go_on() -> None:
    assert _end().closed(_prefix({"name": "click", "element": "Top #4"}, then=NEXT)) is None
    assert _end().closed(_prefix({"name": "click", "element": "Menu #5"}, then=NEXT)) is None


def test_a_forms_button_closes_the_answer_only_after_a_field_of_that_form_was_filled() -> None:
    typed = {"name": "type_text", "element": "Search #6", "text": "compost"}
    go = {"name": "click", "element": "Go #7"}
    assert _end().closed(_prefix(typed, go, then=NEXT)) is not None
    assert _end().closed(_prefix(go, then=NEXT)) is None  # the typing may follow
    other_form = {"name": "type_text", "element": "Comment #9", "text": "hi"}
    assert _end().closed(_prefix(other_form, go, then=NEXT)) is None
    assert _end().closed(_prefix({"name": "click", "element": "Show filters #8"}, then=NEXT)) is None


def test_finish_a_search_going_back_and_a_site_function_close_the_answer() -> None:
    assert _end().closed(_prefix({"name": "finish", "status": "done", "answer": "42"})) is not None
    assert _end().closed(_prefix({"name": "go_back"}, then=NEXT)) is not None
    site = _end(frozenset({"find_flights"}))
    assert site.closed(_prefix({"name": "find_flights", "to": "LIS"}, then=NEXT)) is not None
    typed = {"name": "type_text", "element": "Search #6", "text": "x"}
    assert _end().closed(_prefix(typed, then=NEXT)) is None


def test_the_answer_closes_right_after_a_site_function_without_waiting_for_a_finish() -> None:
    """A site function's result is read before a finish written after it could stand (agent/navigator.py)."""
    site = _end(frozenset({"find_flights"}))
    call = {"name": "find_flights", "to": "LIS"}
    closed = site.closed(_prefix(call))
    assert closed is not None and json.loads(closed) == {"actions": [call]}
    done = {"name": "finish", "status": "done", "answer": "LIS"}
    closed = site.closed(_prefix(call, done))
    assert closed is not None and json.loads(closed) == {"actions": [call]}


def test_a_form_filled_and_sent_closes_the_answer_one_filled_only_does_not() -> None:
    skills = _skills()
    from navwright.browser.skills.form import fill_form

    skills[fill_form.name] = fill_form
    end = BatchEnd(skills, {e.id: e for e in ELEMENTS}, PAGE)
    sent = {"name": "fill_form", "fields": {"Search": "x"}}
    assert end.closed(_prefix(sent, then=NEXT)) is not None
    assert end.closed(_prefix({**sent, "submit": False}, then=NEXT)) is None


def test_a_thought_before_the_actions_stays_in_the_closed_answer() -> None:
    prefix = '{"thought":"the news list","actions":[' + json.dumps(CLICK) + NEXT
    closed = _end().closed(prefix)
    assert closed is not None and json.loads(closed) == {"thought": "the news list", "actions": [CLICK]}


def test_a_prefix_with_no_whole_action_is_not_closed() -> None:
    assert _end().closed('{"actions":[{"name":"fill_form","fields":{"Search":"x"}') is None
    assert _end().closed('{"actions":[') is None


def test_the_menus_reply_schema_carries_the_batch_end_unless_switched_off() -> None:
    obs = Observation(url=PAGE, title="News", mode="all", text="", elements=ELEMENTS)
    skills = list(default_registry().skills.values())
    on = step_menu(obs, StepState(), skills, [], RunSettings(), uploads=False)
    closes = closer(on.reply)
    assert closes is not None and closes(_prefix(CLICK, then=NEXT)) is not None
    off = step_menu(obs, StepState(), skills, [], RunSettings(batch_end=False), uploads=False)
    assert closer(off.reply) is None
