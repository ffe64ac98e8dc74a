"""What one run is made of, in small parts: what was asked, which models answer, what the run acts
with, and where it reports. `Agent(request, models, tools, settings, io)` takes one of each."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from navwright.agent.events import EventSink
from navwright.agent.recall import RunRecall
from navwright.agent.task.credentials import task_credentials
from navwright.agent.user import UserChannel
from navwright.browser.session import BrowserSession
from navwright.browser.skills.base import Skill, SkillRegistry
from navwright.browser.types import ActionResult
from navwright.models.base import ChatModel
from navwright.models.factory import ModelPool

AfterAction = Callable[[ActionResult], Awaitable[bool]]
"""Called after every action; True ends the run (a benchmark whose episode is over)."""


class SkillSource(Protocol):
    """Extra skills for the current page (a site's published API functions)."""

    async def skills_for(self, page: Any) -> list[Skill]: ...


def new_run_id() -> str:
    return uuid.uuid4().hex[:12]


class TaskRequest(BaseModel):
    """What the person asked: the task, the page to start on, the secrets the run may type."""

    model_config = ConfigDict(frozen=True)

    task: str
    url: str | None = None
    secrets: dict[str, str] = Field(default_factory=dict, repr=False)
    """NAME -> value; the models see `{{NAME}}`, and no value leaves the run unmasked."""
    run_id: str = Field(default_factory=new_run_id)

    @field_validator("secrets", mode="before")
    @classmethod
    def _none_is_no_secrets(cls, value: object) -> object:
        return {} if value is None else value

    @model_validator(mode="after")
    def _credentials_in_task_are_secrets(self) -> TaskRequest:
        """A password, PIN, card number or code written in the task is kept like a `--secret` value."""
        found = task_credentials(self.task, self.secrets)
        if found:
            self.__dict__["secrets"] = {**self.secrets, **found}
        return self


@dataclass
class Models:
    """The planner's and the navigator's models, and the pool that holds their embedded weights."""

    planner: ChatModel
    navigator: ChatModel
    pool: ModelPool = field(default_factory=ModelPool, repr=False)

    @classmethod
    def same(cls, model: ChatModel) -> Models:
        """One model for both roles."""
        return cls(model, model)


@dataclass(frozen=True)
class Tools:
    """What the run acts with: the browser session, the generic skills (None: all of navwright's), the
    source of a site's own functions (None: none) and the memory of verified work (None: none)."""

    session: BrowserSession
    skills: SkillRegistry | None = None
    sites: SkillSource | None = None
    memory: RunRecall | None = None
    """What the run learns from and recalls (navwright/memory; None: nothing)."""

    def skill_list(self) -> list[Skill]:
        if self.skills is not None:
            return list(self.skills)
        from navwright.browser.skills import default_registry

        return list(default_registry())

    def run_skills(self) -> list[Skill]:
        """The generic skills as a run acts with them: each noting what it did for memory, when the run
        has one (memory learns from the actions)."""
        skills = self.skill_list()
        return self.memory.wrap(skills) if self.memory is not None else skills


@dataclass(frozen=True)
class RunIO:
    """Where the run reports and whom it asks: events go to `sink`, questions to `user` (None: nobody
    is there, a question ends the run as needs_user), and `after_action` may end it after an action."""

    sink: EventSink | None = None
    user: UserChannel | None = None
    after_action: AfterAction | None = None
