"""What a run asks of memory (navwright/memory implements it): the agent knows no store.

Memory sees the run's events and the skills it runs (to learn verified work), and may offer a
replay: the decisions and steps of a learned workflow, with no model, until a step fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from navwright.agent.decisions import Finish, WebStep
from navwright.agent.events import Event
from navwright.agent.grounding import Evidence
from navwright.agent.outcomes import StepReport
from navwright.browser.skills.base import Skill

if TYPE_CHECKING:
    from navwright.agent.acting import Acting


class Stepper(Protocol):
    async def run_step(self, step: int, request: str) -> StepReport:
        """Carry out one web step (the navigator)."""
        ...


class Replay(Protocol):
    def decide(self, report: StepReport | None) -> WebStep | Finish | None:
        """The workflow's next decision after `report`; None: the planner takes over from here."""
        ...

    async def run_step(self, step: int, request: str) -> StepReport:
        """Replay the step's actions; at the first mismatch the navigator does the rest of the step."""
        ...

    def vouched(self, answer: str) -> tuple[str, list[Evidence]] | None:
        """Why the workflow's learned verdict stands in for the model check of `answer` (replayed end
        to end, the lines it quoted seen again), with those lines; None: the verdict asks the model."""
        ...


class RunRecall(Protocol):
    def wrap(self, skills: list[Skill], site: bool = False) -> list[Skill]:
        """The skills, each noting what it did; `site`: they are the site's own functions."""
        ...

    def emit(self, event: Event) -> None: ...

    def example(self, request: str, url: str) -> str:
        """A compact example of a verified step like this one ("" when memory has none)."""
        ...

    def plan_example(self, task: str) -> str:
        """The steps of a past run whose request is like this one, for the planner ("" for none)."""
        ...

    async def replay(self, actor: Acting, takeover: Stepper) -> Replay | None:
        """A learned workflow replayed through `actor`; `takeover` does a step at its first mismatch."""
        ...


class SiteSource(Protocol):
    async def skills_for(self, page: Any) -> list[Skill]: ...


@dataclass(frozen=True)
class NotedSource:
    """A site's own functions as a run with memory calls them: each noting what it did, as the generic
    skills do, so that work done with a site's API is learned and replayed too."""

    source: SiteSource
    recall: RunRecall

    async def skills_for(self, page: Any) -> list[Skill]:
        return self.recall.wrap(await self.source.skills_for(page), site=True)
