"""What code set in a field stands: the model's type over it waits once, and the model reads why.

Code typed the 7th word of the paragraph, counted ("aliquet"); the 1.5B model then typed the whole
paragraph over it. Code chose "Lesotho" from a field's suggestions; the model typed "Les" again. A type
into a field code set in this step (`StepState.by_code`, with how code set it) waits once per field; the
step's history says what the field holds and how it got there. The second time, the model's type runs.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from navwright.agent.actions import action_params
from navwright.agent.history import Kept
from navwright.agent.step import StepState, acted_on
from navwright.browser.skills.base import Skill
from navwright.browser.types import Observation


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
