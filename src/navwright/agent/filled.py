"""A text field that holds a value is not offered to a press (`filled_not_pressed`): typing needs no
click first, and a click on a field that already holds its value changes nothing, or opens a widget
(a calendar) over the button the step needs. The 1.5B model often spends a call or a batch on such
clicks: after code filled a ticket shop's quantity it clicked that field instead of "Add to cart", and
on a back office's "Mark as paid" form it clicked the prefilled amount and date before "Create
payment", and the date's calendar ended the batch. Whoever filled the field (the model, code filling
a form from the task, the page itself) it can still be typed into. A combobox, a field that opens or
closes a list (`expanded`), a read-only field (its value is changed through a widget it opens), an
editor a script draws and an empty field stay offered: their press may be what the page needs
("Click the text box")."""

from __future__ import annotations

from navwright.browser.types import ElementInfo, Observation

FILLED_NOT_PRESSED = "filled_not_pressed"

PLAIN_FIELDS = frozenset({"textbox", "searchbox", "spinbutton"})


def plain_field(element: ElementInfo) -> bool:
    """An input or text area text is typed into and nothing else: no options, no list it opens, not
    read-only (an editor a script draws, where the caret may be placed by a click, is not one)."""
    return (element.role in PLAIN_FIELDS and element.input_type is not None and not element.options
            and element.expanded is None and not element.readonly and not element.disabled)


def filled_fields(obs: Observation, without: list[str]) -> frozenset[str]:
    """The fields a press may not name in this view: plain fields holding a value; none when the rule
    is off."""
    if FILLED_NOT_PRESSED in without:
        return frozenset()
    return frozenset(e.id for e in obs.elements if plain_field(e) and e.value)
