"""The guard every action of a run passes: refused when it would expose a secret or the person's data,
run only after the person's approval when it commits (an order, a booking, a send); never raises."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from navwright.agent.modelcall import short
from navwright.agent.policy import Ask, PersonRequest, Refuse, judge_action, target_of
from navwright.agent.scope import RunScope
from navwright.agent.step import took_commit
from navwright.agent.text import refusals
from navwright.agent.vetoes import ActionCheck, Veto, changes_site, vetoed
from navwright.browser.errors import BrowserError
from navwright.browser.owners import owners
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.types import ActionResult, Observation


class Guard:
    """Runs skills for one run and counts the approved actions that took."""

    def __init__(self, run: RunScope, ctx: SkillContext) -> None:
        self.control = run.control  # its task may be edited during the run
        self.settings = run.settings
        self.confirm = run.confirm
        self.ctx = ctx
        self.seen = run.seen
        self.facts = run.facts
        self.committed = 0
        """Actions that needed the person's approval (an order, a booking, a send) and ran, in this run."""
        self.commits: list[tuple[str, str]] = []
        """(label, element id) of each commit, or other change of the site, that ran in this run."""
        self.vetoes: list[Veto] = []
        """The actions `agent/vetoes.py` refused in this run, in order."""

    async def run(
        self, skill: Skill, params: dict[str, Any], risky: bool, obs: Observation, asked: str
    ) -> ActionResult:
        """Run `skill` with `params` on the page `obs`, for the step that asked `asked`. The result says
        what the skill does (`does`) and whether the person declined it, as typed facts."""
        result = await self._run(skill, params, risky, obs, asked)
        result.does = skill.does
        return result

    async def _run(
        self, skill: Skill, params: dict[str, Any], risky: bool, obs: Observation, asked: str
    ) -> ActionResult:
        person = PersonRequest(self.control.task, asked, self.settings.profile, self.ctx.secrets,
                               tuple(self.ctx.secret_hosts))
        verdict = judge_action(skill, params, risky, obs, self.settings.confirm, person)
        if isinstance(verdict, Refuse):
            return ActionResult(action=skill.name, ok=False, error=verdict.message)
        check = self._check(skill, params, obs, commits=isinstance(verdict, Ask))
        if check.target is not None and (check.commits or changes_site(check)):
            check.records = await owners(self.ctx.session.page, check.target, obs)
        veto = vetoed(check, frozenset(self.settings.without))
        if veto is not None:
            self.vetoes.append(veto)
            return ActionResult(action=skill.name, ok=False, error=veto.message, needs=veto.needs)
        approved = self.settings.yes and isinstance(verdict, Ask) and verdict.requested
        if isinstance(verdict, Ask) and not approved and not await self.confirm(verdict.reason):
            return ActionResult(action=skill.name, ok=False, declined=True,
                                error=refusals.person_declined())
        try:
            parsed = skill.params.model_validate(params)
        except ValidationError as exc:
            return ActionResult(action=skill.name, ok=False, error=short(str(exc.errors()[0].get("msg"))))
        try:
            result = await skill.run(self.ctx, parsed)
            field = check.target.id if check.target is not None else None
            if took_commit(result, skill.does, field) and (check.commits or changes_site(check)):
                self.committed += int(check.commits)
                target = check.target
                self.commits.append((target.name, target.id) if target is not None else (skill.name, ""))
            return result
        except BrowserError as exc:
            return ActionResult(action=skill.name, ok=False, error=str(exc))
        except Exception as exc:  # a skill must never end the run with a traceback
            return ActionResult(action=skill.name, ok=False, error=short(f"{type(exc).__name__}: {exc}"))

    @property
    def changed_by(self) -> list[str]:
        """The names of the controls (or skills) whose actions changed what the site holds, in order."""
        return [name for name, _ in self.commits]

    def _check(self, skill: Skill, params: dict[str, Any], obs: Observation, commits: bool) -> ActionCheck:
        """What the run's vetoes (agent/vetoes.py) judge this action on."""
        given = " ".join([self.control.task, self.settings.profile, *self.facts])
        return ActionCheck(skill, params, target_of(skill, params, obs, self.settings.confirm), obs,
                           self.control.intent, given, self.seen, list(self.commits), commits)
