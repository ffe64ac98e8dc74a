"""What a skill is, and the registry that collects them.

A skill is a small async function with a pydantic parameter model; the same model is the schema the
model fills. Flags say whether it only reads, whether it may change the page, whether it needs
the person's confirmation and what it does to the page (press, type, pick...). Site functions from
an API manifest become the same kind of object.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, Field

from navwright.browser.types import ActionResult, SkillAct

if TYPE_CHECKING:
    from navwright.browser.session import BrowserSession


@dataclass
class SkillContext:
    """What a handler may use. Passed explicitly; no globals."""

    session: BrowserSession
    secrets: Mapping[str, str] = field(default_factory=dict)
    upload_dirs: list[Path] = field(default_factory=list)
    allowed_domains: list[str] = field(default_factory=list)
    secret_hosts: list[str] = field(default_factory=list)
    """The sites the secrets are for (empty: any site; the field check still holds)."""
    today: dt.date | None = None
    """The run's day, the one the planner is told: a date typed with no year ("30 November") is the
    next such day on or after it (None: the machine's date)."""


PageFeature = Literal[
    "always", "select", "file", "long_page", "history", "tabs", "dialog", "search_box", "form", "pagination"
]
"""What a page must offer for a skill to make sense there: "long_page" (more below the observation),
"history" (the step has navigated), "tabs" (more than one), "form" (several fields of one form),
"search_box", "pagination" (a next-page control), "file" (a file input and upload folders)."""

P = TypeVar("P", bound=BaseModel)
Handler = Callable[[SkillContext, Any], Awaitable[ActionResult]]


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    params: type[BaseModel]
    handler: Handler
    read_only: bool = False
    changes_page: bool = True
    needs_confirmation: bool = False
    does: SkillAct = "other"
    """What it does to the page (see `SkillAct`): the agent's guards read this, never the name."""
    element_fields: tuple[str, ...] = ()
    """Names of parameters that hold an element id (narrowed to the page's ids per step)."""
    offered_on: tuple[PageFeature, ...] = ("always",)
    """The navigator offers this skill on pages with one of these features; () = only for callers
    of the skill API (a helper that a small model misuses or does not need)."""

    async def run(self, ctx: SkillContext, params: BaseModel) -> ActionResult:
        return await self.handler(ctx, params)


@dataclass
class SkillRegistry:
    skills: dict[str, Skill] = field(default_factory=dict)

    def add(self, skill: Skill) -> None:
        if skill.name in self.skills:
            raise ValueError(f"skill {skill.name} registered twice")
        self.skills[skill.name] = skill

    def get(self, name: str) -> Skill:
        return self.skills[name]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.skills.values())


def skill(
    name: str,
    params: type[P],
    *,
    read_only: bool = False,
    changes_page: bool = True,
    needs_confirmation: bool = False,
    does: SkillAct = "other",
    element_fields: tuple[str, ...] = (),
    offered_on: tuple[PageFeature, ...] = ("always",),
) -> Callable[[Callable[[SkillContext, P], Awaitable[ActionResult]]], Skill]:
    """Decorator: turn an async handler into a Skill. Its docstring is the description."""

    def wrap(fn: Callable[[SkillContext, P], Awaitable[ActionResult]]) -> Skill:
        return Skill(
            name=name,
            description=(fn.__doc__ or name).strip().splitlines()[0],
            params=params,
            handler=fn,
            read_only=read_only,
            changes_page=changes_page,
            needs_confirmation=needs_confirmation,
            does=does,
            element_fields=element_fields,
            offered_on=offered_on,
        )

    return wrap


def api_only(default: Any, description: str) -> Any:
    """A parameter for callers of the skill API that the navigator's menu leaves out: a small model
    misuses it (it set `append` on every type_text and doubled the text in the field)."""
    return Field(default, description=description, json_schema_extra={"api_only": True})


def is_api_only(info: Any) -> bool:
    extra = getattr(info, "json_schema_extra", None)
    return isinstance(extra, dict) and bool(extra.get("api_only"))
