"""A text field that holds a value is offered to no press (`filled_not_pressed`, agent/filled.py): after
the model typed into it the next reply schema's click no longer names it, typing still does; a field
the page prefilled is held alike; an empty field, a combobox, a read-only field, a drawn editor or the
rule switched off leave it offered."""

from __future__ import annotations

from typing import Any

from agent_support import EventList
from script import Script, actions, done, eid
from test_agent_flow import agent_for

from navwright.agent.filled import filled_fields
from navwright.agent.settings import RunSettings
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation

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


QUANTITY = ElementInfo(id="5", role="textbox", name="Friday day ticket", value="2", input_type="number")


def test_a_field_that_holds_a_value_is_held_whoever_filled_it() -> None:
    """The page's own default (a payment amount), code's fill from the task, the model's type: alike."""
    assert filled_fields(_page(QUANTITY), []) == {"5"}
    assert filled_fields(_page(QUANTITY), ["filled_not_pressed"]) == frozenset()


def test_an_empty_field_stays_offered_to_press() -> None:
    assert filled_fields(_page(QUANTITY.model_copy(update={"value": ""})), []) == frozenset()


def test_fields_a_press_may_serve_stay_offered() -> None:
    """A combobox or a field with a list, a read-only date whose calendar a click opens, and an editor a
    script draws (no input type) may need the press."""
    combo = ElementInfo(id="3", role="combobox", name="From", value="Lis", expanded=True, input_type="text")
    listed = ElementInfo(id="4", role="textbox", name="To", value="Por", expanded=False, input_type="text")
    picker = ElementInfo(id="6", role="textbox", name="Date", value="2027-07-16", readonly=True,
                         input_type="text")
    editor = ElementInfo(id="7", role="textbox", name="Body", value="Some text")
    assert filled_fields(_page(combo, listed, picker, editor), []) == frozenset()
