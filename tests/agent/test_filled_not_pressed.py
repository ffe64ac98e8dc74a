"""A text field typed into on a page is offered to no press there in the step (`filled_not_pressed`,
agent/filled.py): the next reply schema's click no longer names it, typing still does, and a field
that no longer holds a value, a combobox or the rule switched off leave it offered."""

from __future__ import annotations

from typing import Any

from agent_support import EventList
from script import Script, actions, done, eid
from test_agent_flow import agent_for

from navwright.agent.filled import still_filled
from navwright.agent.settings import RunSettings
from navwright.agent.step import StepState, remember_filled
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult, ElementInfo, FieldOutcome, Observation

URL = "http://127.0.0.1/shop/jazz27/"


def _page(*elements: ElementInfo) -> Observation:
    return Observation(url=URL, title="t", mode="all", text="", elements=list(elements))


def _refs(schema: Any, action: str) -> set[str]:
    """The elements the reply schema lets `action` name."""
    node = schema if isinstance(schema, dict) else schema.model_json_schema()
    for model in node.get("$defs", {}).values():
        props = model.get("properties", {})
        if props.get("name", {}).get("const") == action or props.get("name", {}).get("enum") == [action]:
            element = props.get("element", {})
            return set(element.get("enum", [element["const"]] if "const" in element else []))
    return set()


def _type_then_done() -> Script:
    return Script(navigator=[lambda p: actions({"name": "type_text", "element": eid(p, "Your name"),
                                                "text": "Ada"}),
                             actions(done("signed up"))])


async def _second_call(session: BrowserSession, site: str, events: EventList,
                       settings: RunSettings) -> tuple[set[str], set[str]]:
    script = _type_then_done()
    await agent_for(script, session, f"{site}/form.html", events, settings).run()
    schemas = [s for role, s in script.schemas if role == "navigator" and s is not None]
    assert len(schemas) >= 2, events.dump()
    return _refs(schemas[1], "click"), _refs(schemas[1], "type_text")


def _names(refs: set[str]) -> set[str]:
    return {ref.rsplit(" #", 1)[0] for ref in refs}


async def test_a_field_the_model_typed_into_is_not_offered_to_click_but_to_type(
    session: BrowserSession, site: str, events: EventList
) -> None:
    click, typing = await _second_call(session, site, events, RunSettings(reader=False))
    assert "Your name" not in _names(click) and "Sign up" in _names(click), click
    assert "Your name" in _names(typing), typing


async def test_switched_off_the_typed_field_is_offered_to_click_again(
    session: BrowserSession, site: str, events: EventList
) -> None:
    settings = RunSettings(reader=False, without=["filled_not_pressed"])
    click, _ = await _second_call(session, site, events, settings)
    assert "Your name" in _names(click), click


QUANTITY = ElementInfo(id="5", role="textbox", name="Friday day ticket", value="2")


def test_a_field_code_filled_from_the_task_is_held_while_it_holds_its_value() -> None:
    state = StepState()
    result = ActionResult(action="fill_form", ok=True, does="type",
                          fields=[FieldOutcome(label="Friday day ticket", value="2", status="set", id="5")])
    remember_filled(state, _page(QUANTITY), result, {})
    filled = state.offered.spent[URL].filled
    assert still_filled(filled, _page(QUANTITY), []) == {"5"}
    emptied = QUANTITY.model_copy(update={"value": ""})
    assert still_filled(filled, _page(emptied), []) == frozenset()
    assert still_filled(filled, _page(QUANTITY), ["filled_not_pressed"]) == frozenset()


def test_a_combobox_typed_into_stays_offered_to_press() -> None:
    state = StepState()
    combo = ElementInfo(id="3", role="combobox", name="From", value="Lis", expanded=True)
    remember_filled(state, _page(combo), ActionResult(action="type_text", ok=True, does="type"),
                    {"element": "3"})
    assert URL not in state.offered.spent
