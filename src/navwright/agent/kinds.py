"""The element of the kind a request names: "Click on a "checkbox" widget", "Click the button".

A request may name what to press by its kind alone. When the page holds exactly one element of that
kind, there is nothing to choose, yet a 1.5B model told "Click on a "checkbox" widget" clicked the text
field next to it. Code presses it, once per step; "a checkbox" of several is any of them (the first),
"the checkbox" of several is the model's to tell apart. The kind must end the request's command:
"Click the button labelled OK" names a button by its label (agent/named.py), not by its kind.
"""

from __future__ import annotations

import re

from navwright.browser.types import ElementInfo

KINDS: dict[str, tuple[str, bool | None]] = {
    "checkbox": ("checkbox", None), "check box": ("checkbox", None), "tickbox": ("checkbox", None),
    "radio": ("radio", None), "radio button": ("radio", None), "button": ("button", None),
    "link": ("link", None), "text": ("textbox", False), "text field": ("textbox", False),
    "text box": ("textbox", False), "textbox": ("textbox", False), "text input": ("textbox", False),
    "textarea": ("textbox", True), "text area": ("textbox", True),
}
"""A kind a request says → the role of its elements, and whether it is a many-line text area (None:
either)."""
ASKED = re.compile(
    r"^\s*(?:please\s+)?(?:click|press|tap|select|tick|check)(?:\s+on)?\s+(a|an|the|one|any)\s+[\"'“‘]?("
    + "|".join(sorted(map(re.escape, KINDS), key=len, reverse=True))
    + r")[\"'”’]?(?:\s+(?:widget|element|control|item))?\s*[.!]?\s*$", re.IGNORECASE)


def kind_asked(request: str) -> tuple[str, bool | None, bool] | None:
    """The role (and text-area-ness) of the element the whole request tells to press by kind, and
    whether any one of the kind will do ("a checkbox", not "the checkbox"); None when it names none."""
    m = ASKED.match(request)
    if m is None:
        return None
    role, area = KINDS[m.group(2).lower()]
    return role, area, m.group(1).lower() != "the"


def one_of_kind(request: str, elements: list[ElementInfo], pressed: set[str]) -> str | None:
    """The id of the element of the kind the request names (the one, or the first when any will do),
    added to `pressed`; None when the request names no kind, the page has none of it or several of "the"
    one, or code pressed it already."""
    kind = kind_asked(request)
    if kind is None:
        return None
    role, area, any_one = kind
    found = [e for e in elements if e.role == role and not e.disabled
             and (area is None or (e.input_type == "textarea") == area)]
    if not found or (len(found) > 1 and not any_one) or found[0].id in pressed:
        return None
    pressed.add(found[0].id)
    return found[0].id
