"""How a navigator step ends: the model's finish judged by agent/judge/finish.py (accepted with its
evidence, or turned back once with the model told why), the page's own words after a commit took, and
the step's report, where an answer a procedure held stands in for a failure."""

from __future__ import annotations

from navwright.agent.actions import FinishAction
from navwright.agent.actor import Actor
from navwright.agent.clauses import undone_part
from navwright.agent.feedback import missed, refusal
from navwright.agent.grounding import Evidence
from navwright.agent.history import TurnedBack
from navwright.agent.judge.confirm import change_link, confirm_left
from navwright.agent.judge.finish import Finishing, judge
from navwright.agent.outcomes import StepReport
from navwright.agent.procedure import StepRules
from navwright.agent.reader import Reader
from navwright.agent.scope import RunScope
from navwright.agent.step import StepState, View, step_report
from navwright.agent.text import reports
from navwright.agent.unsent import unsent
from navwright.browser.types import ActionResult


class StepEnd:
    """Ends the steps of one run. `begin` starts a step for the planner's request `asked`."""

    def __init__(self, run: RunScope, actor: Actor, rules: StepRules, reader: Reader | None) -> None:
        self.settings = run.settings
        self.control = run.control
        self.facts = run.facts
        self.actor = actor
        self.rules = rules
        self.reader = reader
        self.asked = ""
        self.changes_before = 0
        """The site changes the run had made when the step began (the guard's commits)."""

    def begin(self, asked: str) -> None:
        self.asked = asked
        self.changes_before = len(self.actor.guard.commits)

    def asks_question(self) -> bool:
        """The reader recognised the task as a question (not an action, not "book the cheapest…")."""
        return self.reader is not None and self.reader.kind == "question"

    def finish(self, state: StepState, action: FinishAction, view: View) -> StepReport | None:
        """The model's finish: its report, or None when it is turned back (the step goes on)."""
        given = " ".join([self.control.task, *self.facts, self.settings.profile])
        asked = view.request.asked
        undone = None if state.ending.rejected else undone_part(asked.parts, state.done, view.obs.elements)
        confirm = confirm_left(state.done, state.last, view.obs)
        verdict = judge(Finishing(action, asked, self.control.intent, given, self.asks_question(),
                                  self.actor.committed, state.actions, undone, missed(state.last),
                                  confirm.name if confirm else None, refusal(state.last),
                                  len(self.actor.guard.commits), unsent(state.done, view.obs.elements)),
                        self.actor.seen, frozenset(self.settings.without))
        if verdict.status == "turned_back":
            return self._turn_back(state, verdict.why)
        return self.report(state, verdict.status, verdict.answer, verdict.evidence or None)

    def unseen(self, state: StepState) -> bool:
        """The step's last action followed a link with change words to a page the model has not seen:
        a finish written before that look is a guess (the page may ask to confirm: `finish_confirmed`)."""
        if self.asks_question() or "finish_confirmed" in self.settings.without:
            return False
        return change_link(state.done, state.last) is not None

    def _turn_back(self, state: StepState, why: str) -> StepReport | None:
        """A finish not accepted: the step goes on with the model told why; the second time, it fails."""
        state.ending.rejected += 1
        if state.ending.rejected >= 2:
            return self.report(state, "failed", reports.not_done(why))
        state.done.append(TurnedBack(why))
        return None

    async def sent(self, before: int, page: str, ran: ActionResult, state: StepState,
                   form: bool = False) -> StepReport | None:
        """The step's report when the action committed (approved, took) and the page says it is done; or
        sent a form (`form`: a submit button pressed, or fill_form's own submit) that makes the new record
        the task asks for and the page shows that record, or that changes the record the task names and
        the page says it is done and shows the values the task sets ("The bill has been modified",
        "45.60 (11.40 each)"), or that sends an option code chose and a new line shows it ("Resolution:
        → wontfix")."""
        if self.asks_question():
            return None
        intent, committed = self.control.intent, self.actor.committed > before
        sent_form = ran.ok and (form or ran.does == "send_form")
        makes = intent.makes_new and bool(intent.given) and sent_form
        chose = not makes and any(p.chose() for p in self.rules.procedures)  # a new record shows itself
        edited = sent_form and ((intent.edits and bool(intent.sets)) or chose)
        if not committed and not makes and not edited:
            return None
        for procedure in self.rules.procedures:
            said = await (procedure.confirmed(page, ran) if committed and not edited else
                          procedure.changed(page, ran) if edited else procedure.made(page, ran))
            if said is not None:
                return self.report(state, "done", said.answer, said.evidence, about_task=True)
        return None

    def needs(self, state: StepState, ran: ActionResult) -> StepReport | None:
        """The step's report when the action met a field only the person can fill (asked, not made up)."""
        if not ran.needs:
            return None
        return self.report(state, "needs_user", reports.needs_value(ran.needs))

    def report(self, state: StepState, status: str, answer: str, evidence: list[Evidence] | None = None,
               about_task: bool = False) -> StepReport:
        held = next((a for p in self.rules.procedures if (a := p.held()) is not None), None)
        doubt = ""
        if status == "failed" and held is not None:  # the best answer read, doubted: the verdict says so
            status, answer, evidence, about_task, doubt = "done", held.answer, held.evidence, True, held.doubt
        report = step_report(state, status, answer, self.actor.ctx.session.page.url, evidence, about_task)
        report.doubt = doubt
        report.site_changes = len(self.actor.guard.commits) - self.changes_before
        return report
