"""The one way anything acts on a page. The navigator's model actions, the procedures' moves and memory's
replays all go through an `Actor`: the guard (policy verdict, vetoes, the person's confirmation, the run,
what it committed), then what the run saw (grounding), the event, and the after-action hook that may end
an episode. What the step's history keeps of an action is agent/recording.py's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from navwright.agent.acting import Act, Worked
from navwright.agent.actions import set_values, typed_values
from navwright.agent.events import ActionDone, Event
from navwright.agent.guard import Guard
from navwright.agent.scope import RunScope
from navwright.browser.render import render_result
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.types import ActionResult


class EpisodeOver(Exception):
    """The after_action hook said the run is over."""


class Actor:
    """Runs the actions of one run. `skills`: the generic skills; `site_skills`: the functions the
    current page's site offers."""

    def __init__(self, run: RunScope, ctx: SkillContext, skills: list[Skill],
                 site_skills: Callable[[], Awaitable[list[Skill]]]) -> None:
        self.guard = Guard(run, ctx)
        self.ctx = ctx
        self.skills = skills
        self._own = frozenset(s.name for s in skills)
        self.site_skills = site_skills
        self.seen = run.seen
        self.control = run.control
        self.after_action = run.io.after_action
        self._emit = run.emit
        self.worked = Worked()

    def emit(self, event: Event) -> None:
        self._emit(event)

    async def act(self, act: Act) -> ActionResult:
        """Run the action under the guard (never raises for a failed action); what it typed and what the
        page said are seen, its event is sent. Raises EpisodeOver when the hook ends the run."""
        for value in typed_values(act.params):  # a page echoing what it types grounds nothing
            self.seen.typed(value)
        commits = self.guard.committed
        result = await self.guard.run(act.skill, act.params, act.risky, act.obs, act.asked)
        self._note_worked(act, result, commits)
        self.emit(ActionDone(
            run_id=self.control.run_id, step=act.step, action=act.skill.name, params=act.params,
            ok=result.ok, result=render_result(result), url=result.url, ms=result.ms,
            observe_ms=act.observe_ms,
        ))
        self.seen.add(result.url or act.obs.url, render_result(result))
        if self.after_action is not None and await self.after_action(result):
            raise EpisodeOver()
        return result

    def _note_worked(self, act: Act, result: ActionResult, commits: int) -> None:
        if result.ok:
            self.worked.values += set_values(act.params, not self.own(act.skill.name))
        if self.guard.committed > commits and self.worked.commit_seen is None:
            self.worked.commit_seen = len(self.seen.lines)

    async def skill(self, name: str) -> Skill | None:
        """The generic skill or, failing that, the site function called `name` (None: neither)."""
        found = next((s for s in self.skills if s.name == name), None)
        if found is None:  # a site function; none from a broken manifest
            found = next((s for s in await self.site_skills() if s.name == name), None)
        return found

    def own(self, name: str) -> bool:
        """`name` is one of the generic browser skills (the rest of a menu are site functions)."""
        return name in self._own

    @property
    def committed(self) -> int:
        """Actions that needed the person's approval (an order, a booking, a send) and ran, in this run."""
        return self.guard.committed
