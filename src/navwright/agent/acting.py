"""What acting on a page takes and gives: `Act`, one action to run; `Worked`, what the run's actions set;
`Acting`, the one way anything acts (agent/actor.py's `Actor` implements it; memory's replay depends on
this protocol, not on the navigator)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from navwright.agent.control import RunControl
from navwright.agent.events import Event
from navwright.agent.grounding import Seen
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.types import ActionResult, Observation


@dataclass(frozen=True)
class Act:
    """One action to run: a skill with its parameters, on the page as `obs` shows it, for the step
    numbered `step` whose request is `asked`."""

    step: int
    skill: Skill
    params: dict[str, Any]
    obs: Observation
    asked: str
    risky: bool = False
    observe_ms: float = 0.0
    """How long the look the action was chosen on took (reported with the action's event)."""


@dataclass
class Worked:
    """What the run's actions set on pages, for the verdict (agent/judge/checks.py)."""

    values: list[str] = field(default_factory=list)
    """The values actions that worked typed, chose or sent, in order."""
    commit_seen: int | None = None
    """How many lines the run had seen when its first commitment ran (None: none ran): the lines after
    are what the site showed of it."""


class Acting(Protocol):
    ctx: SkillContext
    seen: Seen
    """The text the run's models read, for grounding answers."""
    control: RunControl

    def emit(self, event: Event) -> None:
        """Send an event of the run (masked)."""

    async def act(self, act: Act) -> ActionResult:
        """Run the action under the run's guard; raises EpisodeOver when the run is over."""

    async def skill(self, name: str) -> Skill | None:
        """The generic skill or site function called `name` (None: neither)."""
