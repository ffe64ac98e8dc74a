"""The navigator: one web step on one page, with a fresh context.

observe -> what code can do with no model decision -> the model picks one or more actions -> run them
(a batch stops at the first action that changes the page) -> repeat, until the model finishes the step
or a budget or the loop guard ends it. Acting is agent/actor.py's, the history agent/recording.py's,
the end of a step agent/ending.py's, the rules agent/procedures/'s.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from navwright.agent.actions import FinishAction, UsePageAction, tidy_batch
from navwright.agent.actor import Actor
from navwright.agent.ending import StepEnd
from navwright.agent.history import AlreadyDone, ChosePage
from navwright.agent.menus import MenuLines
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.agent.outcomes import StepReport
from navwright.agent.procedure import Answer, StepRules
from navwright.agent.reader import Reader
from navwright.agent.retried import Tries
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
    name_of,
    reacted,
    refused_as_it_was,
    stutters,
)
from navwright.agent.stepacts import StepActs
from navwright.agent.task.request import StepRequest, read
from navwright.agent.text import reports
from navwright.agent.text.looks import Looks
from navwright.agent.text.messages import navigator_message, navigator_messages
from navwright.agent.viewing import Viewer
from navwright.agent.wiring import Tools
from navwright.browser.errors import BrowserError
from navwright.browser.skills.base import SkillContext
from navwright.models.base import Message


class Navigator:
    """One web step at a time. It receives the run's scope (control, what was read, the person's
    facts, events and questions) and returns a StepReport; it never calls the Agent. What code does
    with no model decision, and the rules the model's batch passes, come in `rules` (agent/procedures/
    lists them); it knows none of them by name."""

    def __init__(
        self, run: RunScope, tools: Tools, ctx: SkillContext, caller: Caller, reader: Reader | None = None,
        *, rules: StepRules,
    ) -> None:
        self.caller = caller
        skills = tools.run_skills()
        self.viewer = Viewer(run, tools, ctx, skills)
        self.actor = Actor(run, ctx, skills, self.viewer.site_skills)
        self.end = StepEnd(run, self.actor, rules, reader)
        self.acts = StepActs(self.actor, self.end, rules, run.settings)
        self.settings = run.settings
        self.control = run.control
        self.secret_names = run.masker.names
        self.facts = run.facts
        self.reader = reader  # reads the lines that match the task, answers a question (None: never)
        self.rules = rules
        self.step_request: StepRequest | None = None  # the step's request, read once (task/request.py)
        self.looks = Looks(run.settings.page_once, run.settings.matching_once)
        self.menu_lines = MenuLines(run.settings.stable_menu)
        self.examples: Callable[[str, str], str] | None = None  # a verified step like (request, URL)
        self.tries = Tries()

    async def run_step(self, step: int, request: str) -> StepReport:
        """Observe -> what code can do with no model decision -> ask the model -> run its batch. A step
        with the words of a failed one leaves the links that one followed (agent/retried.py)."""
        state = StepState(avoid=self.tries.avoid(request))
        report = await self._step(step, request, state)
        self.tries.ended(request, report.status, frozenset(state.followed))
        return report

    async def _step(self, step: int, request: str, state: StepState) -> StepReport:
        self.end.begin(request)
        self.step_request = None
        self.looks.begin()
        self.rules.begin()
        example = self.examples(request, self.actor.ctx.session.page.url) if self.examples else ""
        looked_at: int | None = None  # the count of actions when the model's view was taken
        while True:
            await self.control.checkpoint(in_step=True)
            try:  # a fresh look first and when nothing ran since; else the look the last action took
                view = await self.viewer.view(looked_at is None or looked_at == state.actions, state,
                                              self._read())
                looked_at = state.actions
            except BrowserError as exc:
                return self.end.report(state, "failed", reports.page_unreadable(str(exc)))
            by_code = await self._by_code(step, view, state)
            if by_code is not None:
                if by_code is AGAIN:
                    continue
                return by_code
            if state.calls >= self.settings.max_calls_per_step:  # the page it reached was read first
                return self.end.report(state, "failed", reports.no_finish(state.calls))
            state.calls += 1
            try:
                reply = await self.control.race(self.caller.ask(
                    self._messages(view, state, example), view.menu.reply,
                    max_tokens=self.settings.navigator_max_tokens))
            except BadAnswer as exc:
                return self.end.report(state, "failed", str(exc))
            batch = tidy_batch(list(getattr(reply, "actions", [])), view.menu.skills, view.obs.elements,
                               state.by_code.labels)
            for rule in self.rules.batch:
                batch = rule.revise(batch, view, self.control.intent)
            report = await self._run_batch(step, batch, view, state)
            if report is not None:
                return report

    async def _by_code(self, step: int, view: View, state: StepState) -> StepReport | Again | None:
        """What the procedures do with no model decision, asked in the list's order: the first that
        proposes answers (the step is done) or moves (then the page is looked at again, unless what its
        move brought ends the step)."""
        for procedure in self.rules.procedures:
            proposal = await procedure.propose(view, state)
            if proposal is None:
                continue
            if isinstance(proposal, Answer):
                report = self.end.report(state, "done", proposal.answer, proposal.evidence, about_task=True)
                report.counted = proposal.counted
                return report
            sent = await self.acts.move(step, procedure, proposal, view, state, self.asked)
            return sent if sent is not None and procedure.ends_step else AGAIN
        return None

    def _messages(self, view: View, state: StepState, example: str) -> list[Message]:
        person = self.settings.profile if "form" in view.menu.features else ""  # to fill in its form
        parts = view.request.parts if self.asked.strip() else self.control.intent.parts
        look, since = self.looks.take(view.obs, view.page, view.matching, len(state.done))
        user = navigator_message(self.control.task, self.asked, self.facts, self.secret_names, state.done,
                                 look, since, person, view.named, parts, self.looks.once)
        menu = self.menu_lines.lines(view.menu)
        return navigator_messages(self.settings.navigator_thought, menu, example, user)

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
                state.site.page = True
                state.done.append(ChosePage())
                return None
            if isinstance(action, FinishAction):
                if acted and not reacted(state.last):
                    return None  # a guess: the page showed no reaction to the actions before it yet
                return self.end.finish(state, action, view)
            if index and stutters(action, actions[index - 1], state.last):
                continue  # the same action again, after it changed nothing: once was enough
            if any(r.holds(action, actions[:index], view, state, menu.skills)
                   for r in self.rules.batch):
                return None  # it waits (a form with empty fields, a field code set): the model reads why
            await self.control.checkpoint(in_step=True)
            acted = True
            act = self.acts.act_of(step, action, view, self.asked, view.observe_ms if index == 0 else 0.0)
            result, ended = await self.acts.model_action(act, action, view, state)
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
                if (unread or refused_as_it_was(result)) and len(rest) == 1 and answers(rest[0]) \
                        and not self.end.unseen(state):
                    return self.end.finish(state, rest[0], view)
                return None
        if repeated and len(repeated) == len(actions):
            state.ending.only_finish = True
            state.done.append(AlreadyDone(tuple(repeated)))
        return None

    @property
    def asked(self) -> str:
        """The planner's request of the current step (with the task: what the person asked)."""
        return self.end.asked

    def _read(self) -> StepRequest:
        """The step's request, read once per step (again only when the task it falls back on, with no
        request of the planner, was edited)."""
        task = self.control.intent
        if self.step_request is None or (not self.asked and self.step_request.on is not task):
            self.step_request = read(self.asked, task)
        return self.step_request
