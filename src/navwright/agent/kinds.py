"""The one element of the kind a request names: "Click on a "checkbox" widget", "Click the button".

A request may name what to press by its kind alone. When the page holds exactly one element of that
kind, there is nothing to choose, yet a 1.5B model told "Click on a "checkbox" widget" clicked the text
field next to it. Code presses it, once per step; with several of the kind (or none) the model reads
the page. The kind must end the request's command: "Click the button labelled OK" names a button by its
label (agent/named.py), not by its kind.
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
    r"^\s*(?:please\s+)?(?:click|press|tap|select|tick|check)(?:\s+on)?\s+(?:a|an|the|one|any)\s+[\"'“‘]?("
    + "|".join(sorted(map(re.escape, KINDS), key=len, reverse=True))
    + r")[\"'”’]?(?:\s+(?:widget|element|control|item))?\s*[.!]?\s*$", re.IGNORECASE)


def kind_asked(request: str) -> tuple[str, bool | None] | None:
    """The role (and text-area-ness) of the element the whole request tells to press by kind, or None."""
    m = ASKED.match(request)
    return None if m is None else KINDS[m.group(1).lower()]


def one_of_kind(request: str, elements: list[ElementInfo], pressed: set[str]) -> str | None:
    """The id of the one element of the kind the request names, added to `pressed`; None when the
    request names no kind, the page has several of it or none, or code pressed it already."""
    kind = kind_asked(request)
    if kind is None:
        return None
    role, area = kind
    found = [e for e in elements if e.role == role and not e.disabled
             and (area is None or (e.input_type == "textarea") == area)]
    if len(found) != 1 or found[0].id in pressed:
        return None
    pressed.add(found[0].id)
    return found[0].id
