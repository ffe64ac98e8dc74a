"""A text field typed into on a page is not offered to a press there in the step (`filled_not_pressed`):
typing needs no click first, and a click on a field that already holds its value changes nothing. The
1.5B model often spends a call on it after code filled the field from the task (a ticket shop's
quantity set to 2, then the same field clicked instead of "Add to cart"). It can still type into the
field again. A combobox, or a field that opens or closes a list (`expanded`), is left offered: its
list may need a press."""

from __future__ import annotations

from collections.abc import Iterable

from navwright.browser.types import ElementInfo, Observation

FILLED_NOT_PRESSED = "filled_not_pressed"

PLAIN_FIELDS = frozenset({"textbox", "searchbox", "spinbutton"})


def plain_field(element: ElementInfo) -> bool:
    """A field text is typed into and nothing else: no options, no list it opens."""
    return element.role in PLAIN_FIELDS and not element.options and element.expanded is None


def filled_fields(obs: Observation, ids: Iterable[str | None]) -> frozenset[str]:
    """Of `ids` (the fields an action typed into on `obs`), those that are plain fields."""
    wanted = {i for i in ids if i}
    return frozenset(e.id for e in obs.elements if e.id in wanted and plain_field(e))


def still_filled(filled: frozenset[str], obs: Observation, without: list[str]) -> frozenset[str]:
    """The fields of `filled` a press may not name in this view: those that are plain fields holding a
    value (a page loaded anew, or a field cleared, is offered again); none when the rule is off."""
    if FILLED_NOT_PRESSED in without:
        return frozenset()
    return frozenset(e.id for e in obs.elements if e.id in filled and plain_field(e) and e.value)
