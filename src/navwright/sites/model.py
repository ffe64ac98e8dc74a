"""One representation for every kind of published site function: `SiteFunction`, with the calls
(sites/calls.py, sites/invoke.py) and the navigator skill (sites/skill.py) it offers as methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from navwright.browser.types import ActionResult
from navwright.sites.calls import Invocation, Source
from navwright.sites.invoke import invoke_function
from navwright.sites.skill import site_function_skill

if TYPE_CHECKING:
    from playwright.async_api import Page

    from navwright.browser.skills.base import Skill


class SiteFunction(BaseModel):
    """A function a website publishes, callable by the navigator beside the browser skills."""

    name: str
    description: str
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    """JSON Schema of the arguments (an object schema)."""
    read_only: bool
    invocation: Invocation
    source: Source
    origin: str
    """scheme://host:port of the page (or document) that published the function."""

    async def invoke(
        self,
        page: Page,
        args: dict[str, Any],
        *,
        allowed_domains: list[str] | None = None,
        budget: int = 1500,
    ) -> ActionResult:
        """Validate `args`, call the function, and report the outcome (never raises for site problems)."""
        return await invoke_function(self, page, args, allowed_domains=allowed_domains or [], budget=budget)

    def to_skill(self, *, name: str | None = None, budget: int = 1500) -> Skill:
        """This function as a navigator skill (needs confirmation unless read-only)."""
        return site_function_skill(self, name=name, budget=budget)
