"""The navigator: one web step on one page, with a fresh context.

observe -> the model picks one or more actions -> run them (a batch stops at the first action that
changes the page) -> repeat, until the model finishes the step or a budget or the loop guard ends it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from pydantic import BaseModel

from navwright.agent.actions import (
    FinishAction,
    Menu,
    UsePageAction,
    action_params,
    tidy_batch,
    typed_values,
)
from navwright.agent.clauses import undone_part
from navwright.agent.events import ActionDone
from navwright.agent.feedback import missed
from navwright.agent.grounding import Evidence
from navwright.agent.guard import Guard
from navwright.agent.history import Did
from navwright.agent.judge.finish import Finishing, judge
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.agent.outcomes import StepReport
from navwright.agent.procedure import Answer, Move, Procedure, StepRules
from navwright.agent.prompting import navigator_message, navigator_messages
from navwright.agent.reader import Reader
from navwright.agent.scope import RunScope
from navwright.agent.step import (
    AGAIN,
    Again,
    StepState,
    View,
    answers,
    call_key,
    changed_page,
    label_of,
    move_label,
    name_of,
    names_in,
    reacted,
    refused_as_it_was,
    remember,
    result_line,
    step_report,
    stop_reason,
    stutters,
    worked_with,
)
from navwright.agent.viewing import Viewer
from navwright.agent.wiring import Tools
from navwright.browser.errors import BrowserError
from navwright.browser.render import render_result
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.types import ActionResult, Observation
from navwright.models.base import Message


class EpisodeOver(Exception):
    """The after_action hook said the run is over."""


class Navigator:
    """One web step at a time. It receives the run's scope (control, what was read, the person's
    facts, events and questions) and returns a StepReport; it never calls the Agent. It works with the
    page's own text: secrets are masked where text leaves the run (navwright.masking, docs). What code
    does with no model decision, and the rules the model's batch passes, come in `rules`
    (agent/procedures/ lists them); it knows none of them by name."""

    def __init__(
        self, run: RunScope, tools: Tools, ctx: SkillContext, caller: Caller, reader: Reader | None = None,
        *, rules: StepRules,
    ) -> None:
        self.caller = caller
        self.skills = tools.run_skills()
        self.viewer = Viewer(run, tools, ctx, self.skills)
        self.ctx = ctx
        self.settings = run.settings
        self.control = run.control
        self.secret_names = run.masker.names
        self.emit = run.emit
        self.confirm = run.confirm
        self.after_action = run.io.after_action
        self.facts = run.facts
        self.seen = run.seen
        """The text this run's models read, for grounding answers (shared with the planner)."""
        self.asked = ""
        """The planner's request of the current step (with the task: what the person asked)."""
        self.reader = reader
        """Reads the lines that match the task and answers a question from them (None: never)."""
        self.guard = Guard(run, ctx)
        self.changes_before = 0
        """The site changes the run had made when the step began (`guard.commits`)."""
        self.rules = rules
        self.examples: Callable[[str, str], str] | None = None
        """An example of a verified step like (request, page URL), for the end of the system prompt."""

    async def run_step(self, step: int, request: str) -> StepReport:
        """Observe -> what code can do with no model decision -> ask the model -> run its batch."""
        state = StepState()
        self.asked = request
        self.changes_before = len(self.guard.commits)
        for procedure in self.rules.procedures:
            procedure.begin()
        for rule in self.rules.batch:
            rule.begin()
        example = self.examples(request, self.ctx.session.page.url) if self.examples else ""
        looked_at: int | None = None  # the count of actions when the model's view was taken
        while True:
            await self.control.checkpoint(in_step=True)
            try:  # a fresh look first and when nothing ran since; else the look the last action took
                fresh = looked_at is None or looked_at == state.actions
                view = await self.viewer.view(fresh, state, self.asked)
                looked_at = state.actions
            except BrowserError as exc:
                return self._report(state, "failed", f"could not read the page: {exc}")
            by_code = await self._by_code(step, view, state)
            if by_code is not None:
                if by_code is AGAIN:
                    continue
                return by_code
            if state.calls >= self.settings.max_calls_per_step:  # the page it reached was read first
                return self._report(state, "failed", f"no finish after {state.calls} model calls")
            state.calls += 1
            try:
                reply = await self.control.race(self.caller.ask(
                    self._messages(view, state, example), view.menu.reply,
                    max_tokens=self.settings.navigator_max_tokens))
            except BadAnswer as exc:
                return self._report(state, "failed", str(exc))
            batch = tidy_batch(list(getattr(reply, "actions", [])), view.menu.skills, view.obs.elements,
                               state.set_by_code)
            for rule in self.rules.batch:
                batch = rule.revise(batch, view, self.control.task)
            report = await self._run_batch(step, batch, view, state)
            if report is not None:
                return report

    async def _by_code(self, step: int, view: View, state: StepState) -> StepReport | Again | None:
        """What the procedures do with no model decision, asked in the list's order: the first that
        proposes answers (the step is done) or moves (then the page is looked at again, unless what its
        move brought ends the step)."""
        for procedure in self.rules.procedures:
            proposal = await procedure.propose(view, state, self.asked)
            if proposal is None:
                continue
            if isinstance(proposal, Answer):
                return self._report(state, "done", proposal.answer, proposal.evidence, about_task=True)
            sent = await self._procedure(step, procedure, proposal, view, state)
            return sent if sent is not None and procedure.ends_step else AGAIN
        return None

    def _messages(self, view: View, state: StepState, example: str) -> list[Message]:
        person = self.settings.profile if "form" in view.menu.features else ""  # to fill in its form
        user = navigator_message(self.control.task, self.asked, self.facts, self.secret_names, state.done,
                                 view.page, view.matching, person, view.named)
        return navigator_messages(self.settings.navigator_thought, view.menu.lines, example, user)

    async def _run_batch(
        self, step: int, actions: list[BaseModel], view: View, state: StepState
    ) -> StepReport | None:
        """Run the model's batch on the view it read."""
        menu, obs = view.menu, view.obs
        repeated: list[str] = []
        acted = False
        for index, action in enumerate(actions):
            if call_key(action) in state.answered:
                repeated.append(label_of(action, obs))  # restated plan: skip what is done
                continue
            if isinstance(action, UsePageAction) or (
                menu.site_only and isinstance(action, FinishAction) and action.status == "failed"
            ):
                state.page_mode = True
                state.done.append(Did("chose to work with the page itself"))
                return None
            if isinstance(action, FinishAction):
                if acted and not reacted(state.last):
                    return None  # a guess: the page showed no reaction to the actions before it yet
                return self._finish(state, action, view)
            if index and stutters(action, actions[index - 1], state.last):
                continue  # the same action again, after it changed nothing: once was enough
            if any(r.holds(action, actions[:index], view, state, menu.skills, self.request)
                   for r in self.rules.batch):
                return None  # it waits (a form with empty fields, a field code set): the model reads why
            await self.control.checkpoint(in_step=True)
            acted = True
            commits = self.committed
            result = await self._act(step, action, menu, obs, view.observe_ms if index == 0 else 0.0)
            ended = await self._record(action, result, view, state, commits)
            if ended is not None:
                return ended
            if not result.ok or result.text or changed_page(menu.skills.get(name_of(action)), result):
                # the model reads what changed, or what a call returned, before it acts again. A finish
                # later in this batch was written before the change was seen: it stands only when it
                # reports what the page showed (an answer); "done" alone is a guess and waits for a look.
                # A refused action that left the page as it was (a disabled "Out of stock" button
                # clicked before the answer "it is out of stock") leaves that answer standing too.
                rest = actions[index + 1:]
                unread = result.ok and not result.text
                if (unread or refused_as_it_was(result)) and len(rest) == 1 and answers(rest[0]):
                    return self._finish(state, rest[0], view)
                return None
        if repeated and len(repeated) == len(actions):
            state.must_finish = True
            state.done.append(Did(f"{'; '.join(repeated)}: already done, results above. Now finish the task "
                                  "with its answer."))
        return None

    async def _record(
        self, action: BaseModel, result: ActionResult, view: View, state: StepState, commits: int
    ) -> StepReport | None:
        """Put what the model's action did in the step's history; a report when that ends the step (the
        page says a commit is done, the person declined, a rule of `step.stop_reason`)."""
        name, obs = name_of(action), view.obs
        skill = view.menu.skills[name]
        state.actions += 1
        state.last = result
        if result.needs:  # a field only the person can fill: asked of them, not made up
            return self._report(state, "needs_user", f'needs from the person: a value for "{result.needs}"')
        if result.ok and (skill.read_only or name not in self._own):
            state.answered.add(call_key(action))
        remember(action, obs, result, state)
        for procedure in self.rules.procedures:
            procedure.noted(action, obs, result)
        state.navigated = state.navigated or result.navigated
        label = label_of(action, obs)
        self.seen.add(result.url or obs.url, render_result(result))
        state.changes += int(self._changed(skill, result))
        state.done.append(Did(label, result_line(result), worked_with(action, obs) if result.ok else ()))
        sent = await self._sent(commits, view.page, result, state)
        if sent is not None:  # the page says it is done: its words end the step (recorded above)
            return sent
        if not result.ok and name not in self._own:
            state.site_failures += 1  # after two, the page's own controls are offered too
            state.page_mode = state.page_mode or state.site_failures >= 2
        settings = self.settings
        why = stop_reason(label, result, state, settings.repeat_limit, settings.max_actions_per_step)
        return None if why is None else self._report(state, "failed", why)

    def _changed(self, skill: Skill, result: ActionResult) -> bool:
        """The action changed the page and the page answered it, or a site function that changes the
        site's state answered it (an API's reply: "cart: 1 item")."""
        if not result.ok or skill.read_only:
            return False
        site_function = skill.name not in self._own
        return bool((skill.changes_page and result.visible_change) or (site_function and result.text))

    @cached_property
    def _own(self) -> set[str]:
        """The names of the generic browser skills (the rest of a menu are site functions)."""
        return {s.name for s in self.skills}

    async def _act(
        self, step: int, action: BaseModel, menu: Menu, obs: Observation, observe_ms: float
    ) -> ActionResult:
        name = name_of(action)
        params = action_params(action)
        for value in typed_values(params):  # a page echoing what it types grounds nothing
            self.seen.typed(value)
        result = await self.guarded(menu.skills[name], params, bool(getattr(action, "risky", False)), obs)
        return await self._done(step, name, params, result, observe_ms)

    async def _done(
        self, step: int, name: str, params: dict[str, Any], result: ActionResult, observe_ms: float
    ) -> ActionResult:
        """Announce an action that ran; the after_action hook may end the episode."""
        self.emit(ActionDone(
            run_id=self.control.run_id, step=step, action=name, params=params, ok=result.ok,
            result=render_result(result), url=result.url, ms=result.ms, observe_ms=observe_ms,
        ))
        if self.after_action is not None and await self.after_action(result):
            raise EpisodeOver()
        return result

    async def _procedure(
        self, step: int, procedure: Procedure, move: Move, view: View, state: StepState
    ) -> StepReport | None:
        """Run a procedure's move (no model decision) and record it in the step's history; the step's
        report when the person is needed, or when it committed and the page says it is done."""
        name, params = move
        obs = view.obs
        skill = next(s for s in self.skills if s.name == name)
        for value in typed_values(dict(params)):
            self.seen.typed(value)
        commits = self.committed
        ran = await self.guarded(skill, dict(params), False, obs)
        result = await self._done(step, name, dict(params), ran, 0.0)
        if result.needs:
            return self._report(state, "needs_user", f'needs from the person: a value for "{result.needs}"')
        state.actions += 1
        state.last = result
        state.navigated = state.navigated or result.navigated
        sends = skill.does == "send_form" or self.committed > commits or name not in self._own
        state.changes += int(sends and self._changed(skill, result))  # a search, a next page: no change
        state.set_by_code.update(f.label for f in result.fields if f.status == "set")
        self.seen.add(result.url or obs.url, render_result(result))
        worked = names_in(dict(params), obs) if result.ok else ()
        state.done.append(Did(move_label(name, params, obs), result_line(result), worked))
        sent = await self._sent(commits, view.page, result, state)
        procedure.ran(state, result)
        return sent

    async def _sent(self, before: int, page: str, ran: ActionResult, state: StepState) -> StepReport | None:
        """The step's report when the action committed (approved, took) and the page says it is done."""
        if self.committed <= before or self.asks_question():
            return None
        for procedure in self.rules.procedures:
            confirmed = await procedure.confirmed(page, ran)
            if confirmed is not None:
                return self._report(state, "done", confirmed.answer, confirmed.evidence, about_task=True)
        return None

    async def guarded(
        self, skill: Skill, params: dict[str, Any], risky: bool, obs: Observation
    ) -> ActionResult:
        """Run a skill under the run's guards (agent/guard.py) for the current step; never raises."""
        return await self.guard.run(skill, params, risky, obs, self.asked)

    @property
    def committed(self) -> int:
        """Actions that needed the person's approval (an order, a booking, a send) and ran, in this run."""
        return self.guard.committed

    def _finish(self, state: StepState, action: FinishAction, view: View) -> StepReport | None:
        """The model's finish, judged by agent/judge/finish.py: accepted with its evidence, or turned back
        with the model told why (the second time, the step fails saying so)."""
        given = " ".join([self.control.task, *self.facts, self.settings.profile])
        undone = None if state.rejected else undone_part(self.asked, state.done, view.obs.elements)
        verdict = judge(Finishing(action, self.asked, self.control.task, given, self.asks_question(),
                                  self.committed, state.actions, undone, missed(state.last)), self.seen,
                        frozenset(self.settings.without))
        if verdict.status == "turned_back":
            return self._turn_back(state, verdict.why)
        return self._report(state, verdict.status, verdict.answer, verdict.evidence or None)

    def _turn_back(self, state: StepState, why: str) -> StepReport | None:
        """A finish not accepted: the step goes on with the model told why; the second time, it fails."""
        state.rejected += 1
        if state.rejected >= 2:
            return self._report(state, "failed", f"not done: {why}")
        state.done.append(Did(f"finish: not accepted, {why}. Do it on the page, or finish failed."))
        return None

    @property
    def request(self) -> str:
        """What this step works on: the planner's request, else the person's task."""
        return self.asked or self.control.task

    def asks_question(self) -> bool:
        """The reader recognised the task as a question (not an action, not "book the cheapest…")."""
        return self.reader is not None and self.reader.kind == "question"

    def _report(self, state: StepState, status: str, answer: str, evidence: list[Evidence] | None = None,
                about_task: bool = False) -> StepReport:
        held = next((a for p in self.rules.procedures if (a := p.held()) is not None), None)
        if status == "failed" and held is not None:  # the best answer read, doubted: the verdict says so
            status, answer, evidence, about_task = "done", held.answer, held.evidence, True
        report = step_report(state, status, answer, self.ctx.session.page.url, evidence, about_task)
        report.site_changes = len(self.guard.commits) - self.changes_before
        return report
