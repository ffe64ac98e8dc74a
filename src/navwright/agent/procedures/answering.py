"""The procedures that answer: compare the records of a list (agent/compare.py), read the answer from
the page's lines that match the task (agent/reader.py), and the page's words that confirm a commit
(agent/confirmation.py)."""

from __future__ import annotations

from navwright.agent.compare import Comparison, Ranked, bounded, criterion_in
from navwright.agent.confirmation import confirmation
from navwright.agent.feedback import missed, no_answer
from navwright.agent.grounding import Evidence
from navwright.agent.policy import commit_missing
from navwright.agent.procedure import Answer, Proposal
from navwright.agent.procedures.base import Means, Routine
from navwright.agent.step import StepState, View
from navwright.browser.errors import BrowserError
from navwright.browser.skills.find import read_text
from navwright.browser.skills.records import list_records
from navwright.browser.types import ActionResult


class Compare(Routine):
    """For a task that asks for the cheapest, best rated, quickest...: the pick from the records of the
    list (or a move to its next page); for a request that commits to the best ("Book the cheapest
    flight"), a click on the best record's link instead of an answer. The step goes on after its moves
    whatever they bring."""

    name = "compare"
    ends_step = False

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.comparison = Comparison()
        self.chosen = False
        """It opened the best record for the action: no more comparing in this step."""

    def begin(self) -> None:
        self.comparison = Comparison()
        self.chosen = False

    async def propose(self, view: View, state: StepState, asked: str) -> Proposal:
        task = self.means.task
        acting = commit_missing(task, 0)  # "Book a nonstop flight before noon": any that fits
        wanted = criterion_in(task) is not None or (acting and bounded(task))
        if not self.means.run.settings.compare or self.chosen or not wanted:
            return None
        found = await list_records(self.means.ctx.session.page)
        picked = self.comparison.next(task, found, view.page, view.obs.url, any_fitting=acting)
        if not isinstance(picked, Ranked):
            return picked
        self.means.run.seen.add(picked.url, "\n".join(r.text for r in picked.fitting))
        chosen = None if self.means.kind() == "question" else self._choose(picked, asked)
        return Answer(picked.answer, list(picked.evidence)) if chosen is None else chosen

    def _choose(self, ranked: Ranked, request: str) -> Proposal:
        if not commit_missing(request, 0) or ranked.best.id is None:
            return None
        self.chosen = True
        return "click", {"element": ranked.best.id}


class Reading(Routine):
    """The reader's answer from the page's matching lines (once per distinct set of lines). Not for a
    comparison that code can make: the lines of one page may show only some of the candidates; nor
    right after the page said the try the task told to make missed."""

    name = "reader"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.read: set[str] = set()
        """The sets of matching lines the reader has read in this step."""

    def begin(self) -> None:
        self.read = set()

    async def propose(self, view: View, state: StepState, asked: str) -> Proposal:
        reader, run, task, matching = self.means.reader, self.means.run, self.means.task, view.matching
        if reader is None or not reader.wanted or not matching or matching in self.read:
            return None
        if no_answer(task, missed(state.last) or ""):
            return None  # the page said the last try missed ("lower than 5"): feedback, not the answer
        if run.settings.compare and criterion_in(task) is not None:
            return None
        self.read.add(matching)
        state.calls += 1
        given = " ".join([task, *run.facts, run.settings.profile])
        reading = await run.control.race(reader.read(task, view.obs.url, matching, given))
        if reading is None or no_answer(task, reading.answer):
            return None  # the page's "lower than 5", shown since an earlier try, is no answer either
        return Answer(reading.answer, reading.evidence)


class Confirmation(Routine):
    """After a commit took: the page's messages and new lines that say it was done, as the step's answer
    and evidence."""

    name = "confirmation"

    async def confirmed(self, before: str, result: ActionResult) -> Answer | None:
        page = self.means.ctx.session.page
        toasts = [p.text for p in result.problems if p.kind == "toast"]
        try:
            lines = confirmation(await read_text(page), before, toasts)
        except BrowserError:
            return None
        if not lines:
            return None
        self.means.run.seen.add(page.url, "\n".join(lines))
        return Answer(" · ".join(lines), [Evidence(url=page.url, quote=t) for t in lines])
