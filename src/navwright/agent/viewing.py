"""What the navigator's model reads for one decision: a look at the page, the lines of the whole page
that match the task, and the menu of actions for it. All of it is seen (grounding)."""

from __future__ import annotations

import time

from navwright.agent.actions import Menu, build_menu
from navwright.agent.clauses import named_next
from navwright.agent.menuholds import held
from navwright.agent.menus import step_menu
from navwright.agent.scope import RunScope
from navwright.agent.step import StepState, View
from navwright.agent.task.request import StepRequest
from navwright.agent.wiring import Tools
from navwright.browser.render import render_observation
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.skills.find import lines_matching
from navwright.browser.types import Observation


class Viewer:
    """Takes the views of one run's navigator; it reads the page and never acts on it."""

    def __init__(self, run: RunScope, tools: Tools, ctx: SkillContext, skills: list[Skill]) -> None:
        self.ctx = ctx
        self.settings = run.settings
        self.control = run.control  # its task may be edited while the run goes on
        self.seen = run.seen
        self.skills = skills
        self.skill_source = tools.sites

    async def view(self, fresh: bool, state: StepState, request: StepRequest) -> View:
        """The page as the model reads it (a fresh look, or the look the last action took after it ran:
        one observation per action, what appeared since the model's last view marked new), its lines
        that match the task and the step's request, and the menu for it."""
        start = time.perf_counter()
        views, tab = self.ctx.session.views, self.ctx.session.page
        obs = (await (views.look(tab) if fresh else views.current(tab))).within(
            self.settings.observe_budget_tokens)
        observe_ms = (time.perf_counter() - start) * 1000
        menu = await self._menu(obs, state)
        if state.ending.only_finish:
            menu = build_menu([], [], max_batch=1, risky_flag=False, thought=self.settings.navigator_thought)
        page = render_observation(obs)
        matching = await self._matching(request.asked.text)
        self.seen.add(obs.url, f"{page}\n{matching}")
        named = named_next(tab, request.parts, state.done, obs.elements)
        return View(obs, menu, page, matching, observe_ms, request, await named)

    async def _matching(self, asked: str) -> str:
        """The lines of the whole page (all screens) that best match the task, found by code with no
        model decision: the answer to a question is often one of them."""
        query = " ".join(dict.fromkeys([self.control.task, asked]))
        return await lines_matching(self.ctx.session.page, query, "", limit=self.settings.matching_lines)

    async def site_skills(self) -> list[Skill]:
        """The functions the current page's site offers (none without a source, or when its manifest is
        broken: the page still works)."""
        if self.skill_source is None:
            return []
        try:
            return await self.skill_source.skills_for(self.ctx.session.page)
        except Exception:  # a broken site manifest must not end the step
            return []

    async def _menu(self, obs: Observation, state: StepState) -> Menu:
        extra = await self.site_skills()
        hold = held(self.control.intent, obs, state, self.settings.without)
        return step_menu(obs, state, self.skills, extra, self.settings, uploads=bool(self.ctx.upload_dirs),
                         held=hold)
