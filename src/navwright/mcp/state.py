"""What the MCP tools share in one server: the settings, the models (made once), the task runs, and
the browser that the page tools drive (opened at the first page tool, closed with the server)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from navwright.browser.session import BrowserSession
from navwright.browser.skills import default_registry
from navwright.browser.skills.base import SkillContext, SkillRegistry
from navwright.browser.types import ActionResult, Observation
from navwright.build import Models, make_models
from navwright.config import Settings
from navwright.mcp.runs import RunRegistry


@dataclass
class McpState:
    settings: Settings
    runs: RunRegistry = field(default_factory=RunRegistry)
    skills: SkillRegistry = field(default_factory=default_registry)
    labels: dict[str, str] = field(default_factory=dict)
    """Element id -> label, from the page tools' last observation (to check a tool's `label`)."""
    _models: Models | None = None
    _session: BrowserSession | None = None
    _stack: contextlib.AsyncExitStack = field(default_factory=contextlib.AsyncExitStack)

    def models(self) -> Models:
        """The planner's and navigator's models, made at the first task (ModelError if they cannot be)."""
        if self._models is None:
            self._models = make_models(self.settings, progress=False)
        return self._models

    async def session(self) -> BrowserSession:
        """The page tools' browser, launched at first use."""
        if self._session is None:
            self._session = await self._stack.enter_async_context(BrowserSession(self.settings.browser))
        return self._session

    async def run_skill(self, name: str, **params: object) -> ActionResult:
        skill = self.skills.get(name)
        session = await self.session()
        ctx = SkillContext(session=session, allowed_domains=list(self.settings.browser.allowed_domains),
                           today=self.settings.run.today)
        return await skill.run(ctx, skill.params.model_validate(params))

    def remember(self, obs: Observation) -> None:
        self.labels = {e.id: e.name for e in obs.elements}

    async def close(self) -> None:
        await self.runs.stop_all()
        await self._stack.aclose()
        self._session = None
