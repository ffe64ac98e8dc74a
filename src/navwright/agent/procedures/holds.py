"""The rules the model's batch passes before it runs: a typed text as the person wrote it
(agent/written.py), a form's button that waits while fields of the form are empty (agent/unfilled.py),
a type over what code set in a field that waits once (agent/kept.py), and a batch cut before an
action it already holds (agent/repeats.py)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from navwright.agent.actions import action_params
from navwright.agent.kept import over_kept, steps_kept
from navwright.agent.procedures.base import Rule
from navwright.agent.repeats import first_repeat, presses_button
from navwright.agent.step import StepState, View, call_key, name_of
from navwright.agent.task.intent import TaskIntent
from navwright.agent.unfilled import held
from navwright.agent.written import typed_as_written
from navwright.browser.skills.base import Skill


class TypedAsWritten(Rule):
    """Each text the batch types, as the task and the page write it."""

    name = "typed_as_written"

    def revise(self, batch: list[BaseModel], view: View, intent: TaskIntent) -> list[BaseModel]:
        return typed_as_written(batch, f"{intent.text}\n{view.page}")


class HoldUnfilled(Rule):
    """A press that sends a form with fields still empty (or boxes the request names unticked) waits
    once per button, and the model reads which."""

    name = "hold_unfilled"

    def __init__(self) -> None:
        self.waited: set[str] = set()

    def begin(self) -> None:
        self.waited = set()

    def holds(self, action: BaseModel, before: list[BaseModel], view: View, state: StepState,
              skills: Mapping[str, Skill]) -> bool:
        return held(action, before, view.obs, state, skills, view.request, self.waited)


class KeepCodeValues(Rule):
    """A type over what code set in a field in this step, or a press on the button that steps it, waits
    once; the model reads what it holds."""

    name = "keep_code_values"

    def holds(self, action: BaseModel, before: list[BaseModel], view: View, state: StepState,
              skills: Mapping[str, Skill]) -> bool:
        return over_kept(action, view.obs, state, skills) or steps_kept(action, view.obs, state, skills)


class NoRepeat(Rule):
    """The batch up to the first action it already holds (a run of presses on one button goes on)."""

    name = "no_repeat"

    def revise(self, batch: list[BaseModel], view: View, intent: TaskIntent) -> list[BaseModel]:
        by_id = {e.id: e for e in view.obs.elements}
        skills = view.menu.skills
        counts_up = [presses_button(skill.does if (skill := skills.get(name_of(a))) else None,
                                    by_id.get(str(action_params(a).get("element", "")))) for a in batch]
        cut = first_repeat([call_key(a) for a in batch], counts_up)
        return batch if cut is None else batch[:cut]
