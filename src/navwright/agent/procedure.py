"""The protocols the navigator's rules follow; the rules themselves live in agent/procedures/.

A `Procedure` is what code does on a page with no model decision (look a named thing up, compare a
list, fill a form...): shown each view in the list's order, the first that proposes something acts (a
`Move` the navigator runs) or answers (an `Answer` ends the step). A `BatchRule` reads the model's batch
before it runs: it may rewrite it, or hold one of its actions back once with a note the model reads.
Each has a `name`, so that `--without NAME` leaves it out of the run (agent/rules.py); each keeps its
own state, begun anew with every step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pydantic import BaseModel

    from navwright.agent.grounding import Evidence
    from navwright.agent.step import StepState, View
    from navwright.agent.task.intent import TaskIntent
    from navwright.browser.skills.base import Skill
    from navwright.browser.types import ActionResult, Observation

Move = tuple[str, dict[str, Any]]
"""A skill's name and its parameters."""


@dataclass(frozen=True)
class Answer:
    """What a procedure read off the page as the step's answer, with the lines it came from."""

    answer: str
    evidence: list[Evidence] = field(default_factory=list)
    doubt: str = ""
    """Why code doubted it when it read it (a page of search results' preview, a check it failed): set
    on an answer a procedure holds, which may still end its step, and the verdict then says so."""
    counted: bool = False
    """It is a count code made of the records a list marks (agent/counting.py), which no line states."""


Proposal = Move | Answer | None


class Procedure(Protocol):
    name: str
    ends_step: bool
    sends: bool
    """Its press on a form's submit button sends a change the page may then confirm (not a sign-in's)."""
    """A report its move brings (the person is needed, the page confirms a commit) ends the step."""

    def begin(self) -> None:
        """A new step: what the procedure did in the last one is forgotten."""

    async def propose(self, view: View, state: StepState) -> Proposal:
        """Its move or answer for this view (`view.request`: the planner's request of the step), or None."""

    def ran(self, state: StepState, result: ActionResult) -> None:
        """Its move ran and is the last entry of the step's history."""

    def noted(self, action: BaseModel, obs: Observation, result: ActionResult) -> None:
        """An action the model chose ran."""

    async def confirmed(self, before: str, result: ActionResult) -> Answer | None:
        """After a commit took (`before`: the page's text before it): the page's words saying it is done."""

    async def made(self, before: str, result: ActionResult) -> Answer | None:
        """After a form was sent for a task that makes a new record: the page showing that record."""

    async def changed(self, before: str, result: ActionResult) -> Answer | None:
        """After a form was sent for a task that changes a record: the page's words saying it is done,
        with the lines showing the values the task sets."""

    def chose(self) -> tuple[str, ...]:
        """The options it chose by code in this step because the request names them ("wontfix"): a form
        sent with them makes the change the page must then show."""

    def held(self) -> Answer | None:
        """An answer it read in this step that code doubted: the step's answer only if it finds no other."""


class Begins(Protocol):
    def begin(self) -> None:
        """A new step."""


class BatchRule(Protocol):
    name: str

    def begin(self) -> None:
        """A new step."""

    def revise(self, batch: list[BaseModel], view: View, intent: TaskIntent) -> list[BaseModel]:
        """The model's batch as it will run."""

    def holds(self, action: BaseModel, before: list[BaseModel], view: View, state: StepState,
              skills: Mapping[str, Skill]) -> bool:
        """The action waits (the step's history says why); `before`: the batch's actions before it."""


@dataclass(frozen=True)
class StepRules:
    """The navigator's rules in the order of its policy: the first procedure that proposes acts."""

    procedures: list[Procedure] = field(default_factory=list)
    batch: list[BatchRule] = field(default_factory=list)
    shared: Begins | None = None
    """What the procedures share in a step (procedures/base.py's `Shared`), begun before them."""

    def begin(self) -> None:
        """A new step: what the procedures share, then each procedure and batch rule, begin anew."""
        if self.shared is not None:
            self.shared.begin()
        for procedure in self.procedures:
            procedure.begin()
        for rule in self.batch:
            rule.begin()
