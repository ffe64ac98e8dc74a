"""`Replayer`: a served workflow replayed with no model. Each action's element (or site function) is
found again and its effect is checked; at the first mismatch the navigator does the rest of that
step, and the workflow is repaired from what it did. The learned answer is given only when its facts
are seen again (else the planner answers), and the verdict the workflow was admitted with stands in
for the model check only when the lines it quoted are seen again (`vouched`)."""

from __future__ import annotations

import re
from contextlib import suppress
from typing import TYPE_CHECKING, Literal, Protocol
from urllib.parse import urlsplit

from navwright.agent.acting import Act, Acting
from navwright.agent.decisions import Finish, WebStep
from navwright.agent.events import WorkflowReplayed
from navwright.agent.grounding import Evidence, ground
from navwright.agent.outcomes import StepReport
from navwright.browser.errors import BrowserError
from navwright.browser.render import render_observation
from navwright.browser.types import ActionResult, Observation
from navwright.memory.db import MemoryStore
from navwright.memory.describe import describe, find
from navwright.memory.effects import mismatch
from navwright.memory.models import Descriptor, LearnedAction, Quoted, Workflow
from navwright.memory.seen import StepSeen
from navwright.memory.template import fill, filled

if TYPE_CHECKING:
    from navwright.agent.recall import Stepper

REPLAY_BUDGET_TOKENS = 8000
"""Observation budget while replaying: no model reads it, so the whole page gets ids."""


class Learning(Protocol):
    """What a replay asks of the run's memory (memory/recorder.py's RunMemory): where the outcome is
    noted and the workflow this run's steps make, to repair the served one with."""

    store: MemoryStore
    run_id: str

    def workflow(self, values: list[str] | None = None) -> Workflow | None: ...


class Declined(Exception):
    """The person declined an action of the workflow."""


class Replayer:
    def __init__(
        self, memory: Learning, workflow: Workflow, values: list[str], actor: Acting, takeover: Stepper
    ) -> None:
        self.memory = memory
        self.workflow = workflow
        self.values = values
        self.actor = actor
        self.takeover = takeover
        """Does the rest of a step at its first mismatch (the navigator)."""
        self.started = 0
        self.mismatches: list[str] = []
        self.finish_given = False
        self.last_text = ""
        """The last line the page showed in answer to a replayed action (seen, so grounded)."""
        self.gave_learned = False
        """The finish gave the workflow's learned answer (each of its facts seen again)."""

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
        learned = self._learned_answer()
        if self.workflow.answer and not learned:  # its facts are not on the pages now (a price changed)
            self.mismatches.append("the learned answer was not seen again")
            self._note("mismatch", len(steps), "the learned answer was not seen again; the planner answers")
            return None
        self.gave_learned = bool(learned)
        answer = learned or (report.answer if report is not None else "") or self.last_text or "Done."
        return Finish(kind="finish", thought=f"learned workflow {self.workflow.id} replayed", answer=answer)

    def _learned_answer(self) -> str:
        """The learned answer with this request's values when each of its facts was seen, else ""."""
        learned = fill(self.workflow.answer, self.values)
        actor = self.actor
        return learned if learned and not ground(learned, actor.seen, actor.control.task).missing else ""

    def vouched(self, answer: str) -> tuple[str, list[Evidence]] | None:
        """Why the workflow's verdict may stand in for the model check of this run's answer, with the
        lines it quoted as this run saw them again; None: the run's verdict asks the model as usual.

        The model check reads (question, answer, quoted lines) and says whether the lines show the
        answer. Its reading stands when the same are read again: the workflow was replayed end to end
        (every action found again, every effect seen again), the run's answer is the learned one for
        this request's values, the model check admitted that answer when the workflow was learned, and
        every line it quoted then was seen again by this replay, word for word on the same page."""
        workflow = self.workflow
        whole = self.finish_given and self.started == len(workflow.steps) and not self.mismatches
        learned = fill(workflow.answer, self.values)
        checked = next((v for v in workflow.verdict if v.startswith("model_check:")), None)
        if not (whole and self.gave_learned and learned and learned in answer and checked
                and workflow.evidence):
            return None
        again = [self._seen_again(q) for q in workflow.evidence]
        lines = [e for e in again if e is not None]
        if len(lines) < len(again):
            return None
        return (f"learned workflow {workflow.id} replayed end to end, each action's effect and the lines "
                f"its answer was quoted from seen again; when it was learned, {checked}"), lines

    def _seen_again(self, quoted: Quoted) -> Evidence | None:
        """The learned quote (with this request's values) on a line this run saw on the same page."""
        quote = fill(quoted.quote, self.values)
        flat = _flat(quote)
        for line in reversed(self.actor.seen.lines):
            if flat and urlsplit(line.url).path == quoted.path and flat in _flat(line.text):
                return Evidence(url=line.url, quote=quote)
        return None

    # --- one step --------------------------------------------------------------------------------

    async def run_step(self, step: int, request: str) -> StepReport:
        learned = self.workflow.steps[self.started]
        self.started += 1
        actor = self.actor
        page = actor.ctx.session.page
        changed = False
        for index, action in enumerate(learned.actions, 1):
            await actor.control.checkpoint(in_step=True)
            try:
                result, why = await self._replay(step, request, action)
            except Declined:
                return StepReport(status="failed", summary="the person declined an action", url=page.url)
            changed = changed or (result is not None and result.ok and result.visible_change)
            if why is not None:
                self.mismatches.append(f"step {step} action {index}: {why}")
                self._note("mismatch", step, f"action {index} ({action.skill}): {why}; the navigator goes on")
                return await self.takeover.run_step(step, request)
        if self.started == len(self.workflow.steps) and not self._learned_answer():
            with suppress(BrowserError):  # the answer's lines are on the page the workflow ends on
                await self._look()
        answer = fill(learned.answer, self.values)
        return StepReport(status="done", summary=f"replayed {len(learned.actions)} learned actions",
                          answer=answer if answer and actor.seen.quote_found(answer) else self.last_text,
                          url=page.url, changed_state=changed, actions=len(learned.actions))

    async def _replay(
        self, step: int, request: str, action: LearnedAction
    ) -> tuple[ActionResult | None, str | None]:
        """Run one learned action on the page as it is now: (its result, why it is not the one learned).
        It runs as every action of a run does (agent/actor.py): refusals stand, confirmations are asked."""
        page = self.actor.ctx.session.page
        skill = await self.actor.skill(action.skill)
        if skill is None:  # a site function; none from a broken manifest: the navigator takes over
            return None, f"no skill {action.skill} on this page"
        try:
            obs = await self._look()
        except BrowserError as exc:
            return None, f"could not read the page: {exc}"
        params = filled(action.params, self.values)
        if action.target is not None:
            target = Descriptor.model_validate(filled(action.target.model_dump(), self.values))
            element = find(target, await describe(page, obs.ids))
            if element is None:
                return None, f'no {target.role} "{target.name or target.label}" on the page'
            params[action.element_param] = element
        result = await self.actor.act(Act(step, skill, params, obs, request))
        if result.declined:
            raise Declined()
        if result.appeared_text:
            self.last_text = result.appeared_text[0]
        return result, mismatch(action.effect, result, self.values)

    async def _look(self) -> Observation:
        """The page the replay is on, read as the navigator reads a page: its lines are seen (code read
        them, and an answer may quote them). Raises BrowserError."""
        session = self.actor.ctx.session
        obs = (await session.views.current(session.page)).within(REPLAY_BUDGET_TOKENS)
        self.actor.seen.add(obs.url, render_observation(obs))
        return obs

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
        actor = self.actor
        actor.emit(WorkflowReplayed(run_id=actor.control.run_id, workflow=self.workflow.id,
                                  status=status, step=step, detail=detail))


def _flat(text: str) -> str:
    """Text as compared across visits: element ids ("[12] ") left out (they differ), spaces as one."""
    return " ".join(_REF.sub(" ", text).split())


_REF = re.compile(r"\[\d+\]\s?")
