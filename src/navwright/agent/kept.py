"""What code set in a field stands: the model's type over it waits once, and the model reads why.

Code typed the 7th word of the paragraph, counted ("aliquet"); the 1.5B model then typed the whole
paragraph over it. Code chose "Lesotho" from a field's suggestions; the model typed "Les" again. A type
into a field code set in this step (`StepState.by_code`, with how code set it) waits once per field; the
step's history says what the field holds and how it got there. The second time, the model's type runs.
A press on a button that steps such a field ("+ Friday day ticket: Increase quantity" beside the
quantity code set to 2, which the model pressed twice: 4 tickets) waits the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import BaseModel

from navwright.agent.actions import action_params
from navwright.agent.history import Kept
from navwright.agent.step import StepState, acted_on
from navwright.browser.skills.base import Skill
from navwright.browser.types import ElementInfo, Observation

STEPPER = re.compile(r"^\s*[+\-−–]|\b(?:increase|decrease|increment|decrement)\b", re.IGNORECASE)
"""A button that steps the number in the field beside it."""
STEPPED = frozenset({"textbox", "spinbutton"})


def over_kept(action: BaseModel, obs: Observation, state: StepState, skills: Mapping[str, Skill]) -> bool:
    """The action types over what code set in its field: it waits (True), and the history says why."""
    field = acted_on(action, obs, skills, "type")
    if field is None or field.id not in state.by_code.kept:
        return False
    how = state.by_code.kept.pop(field.id)
    holds = (field.value or "").strip()
    if not holds or holds.casefold() == str(action_params(action).get("text", "")).strip().casefold():
        return False
    state.done.append(Kept(field, holds, how))
    return True


def steps_kept(action: BaseModel, obs: Observation, state: StepState, skills: Mapping[str, Skill]) -> bool:
    """The action presses a button that steps a field code set (the field right before or after it):
    it waits (True), and the history says what the field holds."""
    button = acted_on(action, obs, skills, "press")
    if button is None or button.role != "button" or not STEPPER.search(button.name):
        return False
    field = _stepped(button, obs.elements)
    if field is None or field.id not in state.by_code.kept:
        return False
    how = state.by_code.kept.pop(field.id)
    state.done.append(Kept(field, (field.value or "").strip(), how))
    return True


def _stepped(button: ElementInfo, elements: list[ElementInfo]) -> ElementInfo | None:
    """The field a stepper button steps: its neighbour in the page's order, in its form."""
    at = elements.index(button)
    near = [e for e in elements[max(at - 1, 0): at + 2] if e.role in STEPPED and e.form == button.form]
    return near[0] if len(near) == 1 else None
