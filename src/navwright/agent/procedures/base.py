"""What every procedure starts from: the run's means (its scope, the page, the model, the reader, what
the procedures of a step share) and the hooks of agent/procedure.py, which do nothing unless a
procedure needs them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from navwright.agent.lookup import LookUp

if TYPE_CHECKING:  # the rules' names are read (agent/rules.py) without loading the run's parts
    from pydantic import BaseModel

    from navwright.agent.modelcall import Caller
    from navwright.agent.procedure import Answer, Proposal
    from navwright.agent.reader import Reader
    from navwright.agent.scope import RunScope
    from navwright.agent.step import StepState, View
    from navwright.agent.task.intent import TaskIntent
    from navwright.browser.skills.base import Skill, SkillContext
    from navwright.browser.types import ActionResult, Observation

LOOKED_UP = ("question", "action")
"""The tasks whose named thing is searched for and opened first ("Order the Alpine Down Parka")."""


@dataclass
class Shared:
    """What procedures share in a step, begun anew with it."""

    pressed: set[str] = field(default_factory=set)
    """The ids (and keys such as "begin:12", "forward") code pressed because the request names them."""
    filled: set[tuple[str, str]] = field(default_factory=set)
    """The (URL, form) pairs the form procedure filled, and (URL, "copy") where a value was copied."""
    lookup: LookUp = field(default_factory=LookUp)
    """Where the look-up (search, open the best result) stands."""
    opened: bool = False
    """Code opened the record the task changes (its edit): the step works there, no section opens."""
    chosen: dict[str, str] = field(default_factory=dict)
    """The option code chose in a list (the list's id -> the option) because the request names it."""

    def begin(self) -> None:
        """A new step (what the run's searches found nothing for is kept)."""
        self.pressed.clear()
        self.filled.clear()
        self.lookup = LookUp(fruitless=self.lookup.fruitless)
        self.opened = False
        self.chosen.clear()


@dataclass(frozen=True)
class Means:
    """What the procedures of one run work with."""

    run: RunScope
    ctx: SkillContext
    caller: Caller
    reader: Reader | None
    searches: bool
    """The generic search skill is on the menu (the look-up uses it)."""
    shared: Shared = field(default_factory=Shared)
    verifier: Caller | None = None
    """The check call of the verdict (agent/judge/model_check.py), when the run makes it."""

    @property
    def task(self) -> str:
        return self.run.control.task

    @property
    def intent(self) -> TaskIntent:
        """The task as typed facts, parsed once per text of the task (agent/control.py)."""
        return self.run.control.intent

    def kind(self) -> str | None:
        """The reader's kind of task; None without a reader."""
        return self.reader.kind if self.reader is not None else None

    def looks_up(self) -> bool:
        """The reader takes the task for a question or an action: its named thing is looked up."""
        return self.kind() in LOOKED_UP

    def task_kind(self) -> str | None:
        """The reader's kind of task; for a comparison (the reader is not asked) an action when the task
        commands a commitment ("Book me the cheapest…"), else "compare"."""
        if self.reader is not None and self.reader.kind is not None:
            return self.reader.kind
        intent = self.run.control.intent
        if intent.criterion is None:
            return None
        return "action" if intent.commits else "compare"


class Routine:
    """A procedure's defaults: it keeps nothing, proposes nothing and ignores what others ran."""

    name = ""
    ends_step = True
    sends = False

    def __init__(self, means: Means) -> None:
        self.means = means

    def begin(self) -> None:
        return None

    async def propose(self, view: View, state: StepState) -> Proposal:
        return None

    def ran(self, state: StepState, result: ActionResult) -> None:
        return None

    def noted(self, action: BaseModel, obs: Observation, result: ActionResult) -> None:
        return None

    async def confirmed(self, before: str, result: ActionResult) -> Answer | None:
        return None

    async def made(self, before: str, result: ActionResult) -> Answer | None:
        return None

    async def changed(self, before: str, result: ActionResult) -> Answer | None:
        return None

    def chose(self) -> tuple[str, ...]:
        return ()

    def held(self) -> Answer | None:
        return None


class Remembers(Routine):
    """A procedure that acts once per page, or per set of lines, in a step: `tried` holds those it
    tried, begun anew with the step."""

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.tried: set[str] = set()

    def begin(self) -> None:
        self.tried = set()


class Once(Routine):
    """A procedure that clicks one element by code, once per step."""

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.clicked = False

    def begin(self) -> None:
        self.clicked = False

    async def propose(self, view: View, state: StepState) -> Proposal:
        element = None if self.clicked else await self.element(view)
        if element is None:
            return None
        self.clicked = True
        return "click", {"element": element}

    async def element(self, view: View) -> str | None:
        """The id of the element to click on this view, or None."""
        return None


class Rule:
    """A batch rule's defaults: the batch runs as the model wrote it."""

    name = ""

    def begin(self) -> None:
        return None

    def revise(self, batch: list[BaseModel], view: View, intent: TaskIntent) -> list[BaseModel]:
        return batch

    def holds(self, action: BaseModel, before: list[BaseModel], view: View, state: StepState,
              skills: Mapping[str, Skill]) -> bool:
        return False
