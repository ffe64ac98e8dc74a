"""Pressing by code what the request names: "…and click on the link "aliquet"" with that link on the
page, or "Select nb, v8Zs3 and U6gHF" with those boxes on it, is a decision less for a small model
(told the ids, a 1.5B model still pressed another, or ticked one box of five and sent the form). The
procedures that press so are in agent/procedures/presses.py."""

from __future__ import annotations

from navwright.agent.clauses import part_to_do
from navwright.agent.history import Entry
from navwright.agent.named import Named, to_press
from navwright.agent.task.request import StepRequest
from navwright.agent.unfilled import empty_fields, unticked
from navwright.browser.types import ElementInfo


def press_next(
    request: StepRequest, done: list[Entry], named: list[Named], pressed: set[str],
    elements: list[ElementInfo],
) -> str | None:
    """The id of the one element the next part of the request tells to press (or of the control that
    shows it; agent/named.py `to_press`), added to `pressed`: code presses each such element once. Not
    a button whose form has fields left empty or boxes the request tells to tick (agent/unfilled.py):
    the model does those first."""
    part = part_to_do(request.parts, done)
    target = None if part is None else to_press(part, named, pressed)
    if target is None or (target.role == "button" and (
            empty_fields(target, elements, set()) or unticked(request, elements, set()))):
        return None
    pressed.add(target.id)
    return target.id


def tick_named(request: StepRequest, elements: list[ElementInfo], pressed: set[str]) -> str | None:
    """The id of a checkbox the request tells to tick by its name ("Select nb, 8qiSp3m and v8Zs3 and
    click Submit") that is not ticked, added to `pressed`: code ticks each once; a 1.5B model ticked
    one of five and pressed Submit, twice after it was told which were left."""
    box = next(iter(unticked(request, elements, pressed)), None)
    if box is None:
        return None
    pressed.add(box.id)
    return box.id
