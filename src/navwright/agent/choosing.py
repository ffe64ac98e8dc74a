"""The choice a change names: a request that says one option of one list of the page ("Close ticket #26
with the resolution wontfix") has that option chosen by code. A list that is greyed out until its own
radio button is picked ("( ) resolve as [fixed ▾]") has that radio picked first. Nothing is chosen when
the request says options of two lists (a form the form procedure fills), or words of four letters or
fewer ("Ben", "new"), which name people and states more often than they choose. Once the option holds,
the form is sent with its one button that sends it (never "Preview" or "Cancel"), when no procedure
before has more to fill."""

from __future__ import annotations

from collections.abc import Mapping

from navwright.agent.task.request import StepRequest
from navwright.browser.skills.form import ASIDE
from navwright.browser.types import ElementInfo

LISTS = frozenset({"select", "combobox", "listbox"})
MIN_LETTERS = 5
"""An option's length, at least, for the request's word to be taken as choosing it."""


Move = tuple[str, dict[str, str]]


def named_choice(request: StepRequest, elements: list[ElementInfo], pressed: set[str],
                 chosen: dict[str, str]) -> Move | None:
    """The move that chooses the option the request names, added to `pressed` (and the choice to
    `chosen`): its list's radio first when the list is greyed out; None when no one list has one such
    option, or it was chosen."""
    hits = [(e, said) for e in elements if e.role in LISTS for said in [_said(request, e)] if said]
    if len(hits) != 1 or len(hits[0][1]) != 1:
        return None
    element, option = hits[0][0], hits[0][1][0]
    key = f"{element.id}={option}"
    if key in pressed:
        return None
    if element.disabled:
        radio = _radio_before(element, elements)
        if radio is None or radio.id in pressed:
            return None
        pressed.add(radio.id)
        return "click", {"element": radio.id}
    pressed.add(key)
    chosen[element.id] = option
    return "select_option", {"element": element.id, "option": option}


def sends_its_form(element: ElementInfo) -> bool:
    """A button of a form that sends it: `<input type=submit>`, or a `<button>` (the page script gives
    no type for one; a form's button sends it unless its page says otherwise)."""
    return element.form is not None and element.role == "button" and element.input_type in (None, "submit")


def send_chosen(elements: list[ElementInfo], chosen: Mapping[str, str]) -> str | None:
    """The one button that sends the form of an option code chose, once that option holds; None when
    there is no such choice, or no one such button."""
    by_id = {e.id: e for e in elements}
    for element_id, option in chosen.items():
        element = by_id.get(element_id)
        if element is None or element.form is None or (element.value or "").casefold() != option.casefold():
            continue
        buttons = [e for e in elements if sends_its_form(e) and e.form == element.form and not e.disabled
                   and not ASIDE.match(e.name)]
        if len(buttons) == 1:
            return buttons[0].id
    return None


def _said(request: StepRequest, element: ElementInfo) -> list[str]:
    now = (element.value or "").casefold()
    return [o for o in element.options
            if len(o) >= MIN_LETTERS and o.isalpha() and o.casefold() != now and request.on.says_word(o)]


def _radio_before(element: ElementInfo, elements: list[ElementInfo]) -> ElementInfo | None:
    """The radio button right before `element` in the page, in its form, not picked yet."""
    before = elements[: elements.index(element)]
    radio = next((e for e in reversed(before) if e.role == "radio"), None)
    if radio is None or radio.form != element.form or radio.checked:
        return None
    return radio
