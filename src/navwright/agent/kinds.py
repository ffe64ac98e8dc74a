"""The element of the kind a request names: "Click on a "checkbox" widget", "Click the button".

A request may name what to press by its kind alone. When the page holds exactly one element of that
kind, there is nothing to choose, yet a 1.5B model told "Click on a "checkbox" widget" clicked the text
field next to it. Code presses it, once per step; "a checkbox" of several is any of them (the first),
"the checkbox" of several is the model's to tell apart. The kind must end the request's command:
"Click the button labelled OK" names a button by its label (agent/named.py), not by its kind. The
kind is read off the request once per step (agent/task/presses.py, `StepRequest.kind`).
"""

from __future__ import annotations

from navwright.agent.task.request import StepRequest
from navwright.browser.types import ElementInfo


def one_of_kind(request: StepRequest, elements: list[ElementInfo], pressed: set[str]) -> str | None:
    """The id of the element of the kind the request names (the one, or the first when any will do),
    added to `pressed`; None when the request names no kind, the page has none of it or several of "the"
    one, or code pressed it already."""
    kind = request.kind
    if kind is None:
        return None
    role, area, any_one = kind
    found = [e for e in elements if e.role == role and not e.disabled
             and (area is None or (e.input_type == "textarea") == area)]
    if not found or (len(found) > 1 and not any_one) or found[0].id in pressed:
        return None
    pressed.add(found[0].id)
    return found[0].id
