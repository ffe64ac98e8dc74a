"""`Replayer`: a served workflow replayed with no model. Each action's element is found again by
its descriptor and its effect is checked; at the first mismatch the navigator does the rest of that
step, and the workflow is repaired from what it did."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from navwright.agent.decisions import Finish, WebStep
from navwright.agent.events import ActionDone, WorkflowReplayed
from navwright.agent.grounding import ground
from navwright.agent.navigator import EpisodeOver, Navigator
from navwright.agent.outcomes import StepReport
from navwright.browser.errors import BrowserError
from navwright.browser.render import render_result
from navwright.browser.skills.base import Skill
from navwright.browser.types import ActionResult, Observation
from navwright.memory.describe import describe, find
from navwright.memory.effects import mismatch
from navwright.memory.models import Descriptor, LearnedAction, Workflow
from navwright.memory.template import fill, filled

if TYPE_CHECKING:
    from navwright.memory.recorder import RunMemory, StepSeen

REPLAY_BUDGET_TOKENS = 8000
"""Observation budget while replaying: no model reads it, so the whole page gets ids."""


class Declined(Exception):
    """The person declined an action of the workflow."""


class Replayer:
    def __init__(
        self, memory: RunMemory, workflow: Workflow, values: list[str], navigator: Navigator
    ) -> None:
        self.memory = memory
        self.workflow = workflow
        self.values = values
        self.navigator = navigator
        self.started = 0
        self.mismatches: list[str] = []
        self.finish_given = False
        self.last_text = ""
        """The last line the page showed in answer to a replayed action (seen, so grounded)."""

    # --- the planner's side ----------------------------------------------------------------------

    def decide(self, report: StepReport | None) -> WebStep | Finish | None:
        steps = self.workflow.steps
        if self.finish_given or (report is None) != (self.started == 0):
            return None
        if report is not None and report.status != "done":
            return None
        if self.started < len(steps):
            if self.started == 0:
                self._note("started", 0, f"{self.workflow.task!r} with {self.values}")
            request = fill(steps[self.started].request, self.values)
            where = f"step {self.started + 1} of {len(steps)}"
            thought = f"replaying learned workflow {self.workflow.id} ({where})"
            return WebStep(kind="web_step", thought=thought, site="", request=request)
        self.finish_given = True
        return Finish(kind="finish", thought=f"learned workflow {self.workflow.id} replayed",
                      answer=self._answer(report))

    def _answer(self, report: StepReport | None) -> str:
        """The learned answer with this request's values when each of its facts was seen or asked for,
        else what the last step reported or the page last showed."""
        learned = fill(self.workflow.answer, self.values)
        nav = self.navigator
        if learned and not ground(learned, nav.seen, nav.control.task).missing:
            return learned
        return (report.answer if report is not None else "") or self.last_text or "Done."

    # --- one step --------------------------------------------------------------------------------

    async def run_step(self, step: int, request: str) -> StepReport:
        learned = self.workflow.steps[self.started]
        self.started += 1
        nav = self.navigator
        page = nav.ctx.session.page
        changed = False
        for index, action in enumerate(learned.actions, 1):
            await nav.control.checkpoint(in_step=True)
            try:
                result, why = await self._replay(step, action)
            except Declined:
                return StepReport(status="failed", summary="the person declined an action", url=page.url)
            changed = changed or (result is not None and result.ok and result.visible_change)
            if why is not None:
                self.mismatches.append(f"step {step} action {index}: {why}")
                self._note("mismatch", step, f"action {index} ({action.skill}): {why}; the navigator goes on")
                return await nav.run_step(step, request)
        answer = fill(learned.answer, self.values)
        return StepReport(status="done", summary=f"replayed {len(learned.actions)} learned actions",
                          answer=answer if answer and nav.seen.quote_found(answer) else self.last_text,
                          url=page.url, changed_state=changed, actions=len(learned.actions))

    async def _replay(self, step: int, action: LearnedAction) -> tuple[ActionResult | None, str | None]:
        """Run one learned action on the page as it is now: (its result, why it is not the one learned)."""
        nav = self.navigator
        page = nav.ctx.session.page
        skill = await self._skill(action.skill)
        if skill is None:
            return None, f"no skill {action.skill} on this page"
        try:
            obs = (await nav.ctx.session.views.current(page)).within(REPLAY_BUDGET_TOKENS)
        except BrowserError as exc:
            return None, f"could not read the page: {exc}"
        params = filled(action.params, self.values)
        if action.target is not None:
            target = Descriptor.model_validate(filled(action.target.model_dump(), self.values))
            element = find(target, await describe(page, obs.ids))
            if element is None:
                return None, f'no {target.role} "{target.name or target.label}" on the page'
            params[action.element_param] = element
        result = await self._run(skill, params, obs)
        nav.emit(ActionDone(run_id=nav.control.run_id, step=step, action=skill.name, params=params,
                            ok=result.ok, result=render_result(result), url=result.url, ms=result.ms))
        nav.seen.add(result.url or obs.url, render_result(result))
        if result.appeared_text:
            self.last_text = result.appeared_text[0]
        if nav.after_action is not None and await nav.after_action(result):
            raise EpisodeOver()
        return result, mismatch(action.effect, result, self.values)

    async def _skill(self, name: str) -> Skill | None:
        nav = self.navigator
        found = next((s for s in nav.skills if s.name == name), None)
        if found is None:  # a site function; none from a broken manifest: the navigator takes over
            found = next((s for s in await nav.viewer.site_skills() if s.name == name), None)
        return found

    async def _run(self, skill: Skill, params: dict[str, object], obs: Observation) -> ActionResult:
        """The action under the navigator's own guard: refusals stand, confirmations are asked."""
        result = await self.navigator.guarded(skill, dict(params), False, obs)
        if result.declined:
            raise Declined()
        return result

    # --- the end ---------------------------------------------------------------------------------

    def finished(self, success: bool, steps: list[StepSeen]) -> None:
        """Count the replay; a replay that succeeded leaves the workflow as this run did it."""
        store = self.memory.store
        workflow = self.workflow
        if success:
            redone = self.memory.workflow(self.values)
            update: dict[str, object] = {"successes": workflow.successes + 1, "failures": 0,
                                         "replays": workflow.replays + 1}
            if redone is not None:
                update["steps"] = redone.steps
            store.save_workflow(workflow.model_copy(update=update))
            outcome = "repaired" if self.mismatches else "replayed"
        else:
            store.save_workflow(workflow.model_copy(update={"failures": workflow.failures + 1,
                                                            "replays": workflow.replays + 1}))
            outcome = "failed"
        store.note_replay(workflow.id, self.memory.run_id, outcome, "; ".join(self.mismatches))

    def _note(self, status: Literal["started", "mismatch"], step: int, detail: str) -> None:
        nav = self.navigator
        nav.emit(WorkflowReplayed(run_id=nav.control.run_id, workflow=self.workflow.id,
                                  status=status, step=step, detail=detail))
