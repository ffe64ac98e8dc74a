"""The rules the model's batch passes before it runs: a typed text as the person wrote it
(agent/written.py), a form's button that waits while fields of the form are empty (agent/unfilled.py),
a type over what code set in a field that waits once (agent/kept.py)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from navwright.agent.kept import over_kept, steps_kept
from navwright.agent.procedures.base import Rule
from navwright.agent.step import StepState, View
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
