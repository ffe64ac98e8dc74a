"""The procedures that answer: compare the records of a list (agent/compare.py), count the records it
marks (agent/counting.py), read the answer from the page's lines that match the task
(agent/reader.py), and the page's words that confirm a commit (agent/confirmation.py)."""

from __future__ import annotations

from navwright.agent.compare import Comparison, Ranked, best_of, fitting, with_items
from navwright.agent.confirmation import confirmation, fields_hold, record_shown, still_asks
from navwright.agent.counting import marked_count
from navwright.agent.feedback import missed, no_answer
from navwright.agent.grounding import Evidence
from navwright.agent.history import NotTaken
from navwright.agent.judge.checks import subject_unshown
from navwright.agent.judge.judge import doubt
from navwright.agent.judge.model_check import model_check
from navwright.agent.labels import labelled_answer
from navwright.agent.lookup import results_url
from navwright.agent.procedure import Answer, Proposal
from navwright.agent.procedures.base import Means, Remembers, Routine
from navwright.agent.roles import post_author
from navwright.agent.step import StepState, View
from navwright.agent.task.asks import content_stems
from navwright.agent.task.edits import shows_value
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import words
from navwright.agent.text import refusals
from navwright.browser.errors import BrowserError
from navwright.browser.skills.find import read_text
from navwright.browser.skills.items import item_pages
from navwright.browser.skills.records import Records, list_records
from navwright.browser.types import ActionResult


class Compare(Routine):
    """For a task that asks for the cheapest, best rated, quickest...: the pick from the records of the
    list (or a move to its next page); for a request that commits to the best ("Book the cheapest
    flight"), a click on the best record's link instead of an answer; for a question about the latest
    item that asks more than who and when, a click on its link too: the item shows it, not its line.
    The step goes on after its moves whatever they bring."""

    name = "compare"
    ends_step = False

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.comparison = Comparison()
        self.chosen = False
        """It opened the best record for the action: no more comparing in this step."""
        self.items_read: set[str] = set()
        """The lists (by URL) whose items were read on their own pages."""

    def begin(self) -> None:
        self.comparison = Comparison()
        self.chosen = False
        self.items_read = set()

    async def propose(self, view: View, state: StepState) -> Proposal:
        intent = self.means.intent
        acting = intent.commits  # "Book a nonstop flight before noon": any that fits
        wanted = intent.criterion is not None or (acting and intent.bounded)
        if not self.means.run.settings.compare or self.chosen or not wanted:
            return None
        found = await list_records(self.means.ctx.session.page)
        picked = self.comparison.next(intent, found, view.page, view.obs.url, any_fitting=acting)
        if picked is None and not acting:
            picked = await self._by_items(found, view)
        if not isinstance(picked, Ranked):
            return picked
        if not picked.quotes:  # a record joined to its item page's line is no line a page showed
            self.means.run.seen.add(picked.url, "\n".join(r.text for r in picked.fitting))
        if _in_the_item(intent, picked):
            return self._open(picked)
        chosen = None if self.means.kind() == "question" else self._choose(picked, view.request.asked)
        return Answer(picked.answer, list(picked.evidence)) if chosen is None else chosen

    async def _by_items(self, found: Records, view: View) -> Ranked | None:
        """For the most (or fewest) of a thing the list's lines do not give: the pick by what each fitting
        item's own page gives (once per list)."""
        intent, url, page = self.means.intent, view.obs.url, self.means.ctx.session.page
        criterion, off = intent.criterion, "compare_items" in self.means.run.settings.without
        if off or criterion is None or criterion.measure != "count" or url in self.items_read:
            return None
        listed = fitting(intent, found, view.page)
        if listed is None or len(listed[1]) < 2:
            return None
        self.items_read.add(url)
        pages = await item_pages(page, [r.id for r in listed[1] if r.id is not None])
        records, quotes = with_items(criterion, listed[1], pages)
        ranked = best_of(criterion, records, listed[0], url)
        if ranked is None:
            return None
        for item_url, lines in pages.values():
            self.means.run.seen.add(item_url, "\n".join(lines))
        ranked.quotes = quotes
        return ranked

    def _open(self, ranked: Ranked) -> Proposal:
        """Open the latest (earliest) item for what only the item shows; the step reads it there."""
        if ranked.best.id is None:
            return None
        self.chosen = self.means.shared.opened = True
        return "click", {"element": ranked.best.id}

    def _choose(self, ranked: Ranked, request: TaskIntent) -> Proposal:
        if not request.commits or ranked.best.id is None:
            return None
        self.chosen = True
        return "click", {"element": ranked.best.id}


class CountMarked(Routine):
    """For a question of how many records carry a mark ("How many unread messages from Ben Ortiz…?"), the
    count of the records of the list that name what it names and that the page marks so (a class, bold
    type, a dot's label: agent/counting.py), read by code."""

    name = "count_marked"
    ends_step = False

    async def propose(self, view: View, state: StepState) -> Proposal:
        intent = self.means.intent
        if not intent.counted or not intent.question_only:
            return None
        found = await list_records(self.means.ctx.session.page, marks=True)
        counted = marked_count(intent, found, view.obs.url)
        if counted is None:
            return None
        self.means.run.seen.add(counted.url, "\n".join(r.text for r in counted.fitting))
        return Answer(counted.answer, counted.evidence, counted=True)


def _in_the_item(intent: TaskIntent, ranked: Ranked) -> bool:
    """The question asks of the latest (or oldest) item what its line in the list does not show: more
    than who and when ("What is the booking reference in my latest confirmation?")."""
    return ranked.criterion.measure == "date" and intent.question_only and not intent.asks_byline


class ReadLabel(Remembers):
    """For a question, the value beside the one label of the page's matching lines that the question
    names ("Who owns ticket #14?": "Owned by: Bence Kovacs"), read by code (agent/labels.py); not on a
    page of search results, nor on a page that does not show the record the question names by code."""

    name = "read_label"

    async def propose(self, view: View, state: StepState) -> Proposal:
        intent, matching = self.means.run.control.intent, view.matching
        if not matching or matching in self.tried or not intent.question_only or intent.counted:
            return None
        self.tried.add(matching)
        shown = f"{view.obs.title}\n{matching}"
        if results_url(view.obs.url) or not all(code in shown for code in intent.codes):
            return None
        return self.read(intent, view)

    def read(self, intent: TaskIntent, view: View) -> Answer | None:
        found = labelled_answer(intent.asked_of, view.matching, view.obs.title)
        if found is None:
            return None
        return Answer(found.value, [Evidence(url=view.obs.url, quote=found.line)])


class ReadPost(ReadLabel):
    """For a question that asks who did or said something, the author of the one post of the page's
    matching lines whose words name it ("Who found the cause?": "comment:2 by David Okafor" over
    "Found it: the heartbeat timer…"), read by code (agent/roles.py); where `read_label` would read."""

    name = "read_post"

    def read(self, intent: TaskIntent, view: View) -> Answer | None:
        asked = intent.asked_of - content_stems(words(view.obs.title))
        post = post_author(intent.who is not None, asked, view.matching)
        if post is None:
            return None
        quote = f"{post.byline}: {post.body[0]}"
        return Answer(post.author, [Evidence(url=view.obs.url, quote=quote)])


class Reading(Routine):
    """The reader's answer from the page's matching lines (once per distinct set of lines). Not for a
    comparison that code can make: the lines of one page may show only some of the candidates; nor
    right after the page said the try the task told to make missed. An answer to a question that the
    verdict would not confirm (no line quoted, a footer's year, a count no page states, a check call
    that reads the lines as another answer) or that a page of search results gives does not end the
    step: it is held, the history says why, and the step goes on to find a better one."""

    name = "reader"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.read: set[str] = set()
        """The sets of matching lines the reader has read in this step."""
        self.doubted: Answer | None = None

    def begin(self) -> None:
        self.read = set()
        self.doubted = None

    def held(self) -> Answer | None:
        return self.doubted

    async def propose(self, view: View, state: StepState) -> Proposal:
        reader, run, task, matching = self.means.reader, self.means.run, self.means.task, view.matching
        if reader is None or not reader.wanted or not matching or matching in self.read:
            return None
        if no_answer(run.control.intent, missed(state.last) or ""):
            return None  # the page said the last try missed ("lower than 5"): feedback, not the answer
        criterion = run.control.intent.criterion
        # a list read by its dates or counts may be no list code reads: the reader reads it (a count's
        # answer is taken only where a line says it is the most: judge.doubt)
        if run.settings.compare and criterion is not None and criterion.measure not in ("date", "count"):
            return None
        if self._off_subject(view):
            return None
        self.read.add(matching)
        state.calls += 1
        given = " ".join([task, *run.facts, run.settings.profile])
        reading = await run.control.race(reader.read(run.control.intent, view.obs.url, matching, given))
        if reading is None or no_answer(run.control.intent, reading.answer):
            return None  # the page's "lower than 5", shown since an earlier try, is no answer either
        answer = Answer(reading.answer, reading.evidence)
        why = await self._not_taken(answer, view, state)
        if why is None:
            return answer
        self.doubted = Answer(answer.answer, answer.evidence, doubt=why)
        state.done.append(NotTaken(answer.answer, why))
        return None

    def _off_subject(self, view: View) -> bool:
        """This page shows none of the words of what the question asks about, beside the site's own
        (its name, menu and footer): any answer read here would not be taken (`subject_shown`), so
        the reader is not called."""
        run, without = self.means.run, frozenset(self.means.run.settings.without)
        if not run.control.intent.question_only or without & {"reader_on_subject", "subject_shown",
                                                              "doubted_reading"}:
            return False
        return bool(subject_unshown(run.control.intent, run.seen, {view.obs.url}))

    async def _not_taken(self, answer: Answer, view: View, state: StepState) -> str | None:
        """Why a question's answer read off this page is not taken: a page of search results (previews,
        not the item: its details are on the item's own page), a check of the verdict it would fail, or
        the verdict's check call reading the lines as another answer (made once: the run reuses it)."""
        run, task = self.means.run, self.means.task
        intent, without = run.control.intent, frozenset(run.settings.without)
        if not intent.question_only or "doubted_reading" in without:
            return None
        if results_url(view.obs.url):
            return refusals.only_previews()
        why = doubt(intent, answer.answer, answer.evidence, run.seen, without)
        verifier = self.means.verifier
        if why is not None or verifier is None or "model_check" in without:
            return why
        state.calls += 1
        checking = model_check(verifier, task, answer.answer, answer.evidence, run.checked, run.seen)
        check = await run.control.race(checking)
        return None if check.ok else check.detail


class Confirmation(Routine):
    """After a commit took: the page's messages and new lines that say it was done, as the step's answer
    and evidence; after a form sent for a new record the task gives the words of (no commitment: no
    words of "done" count), the title or new line that shows that record."""

    name = "confirmation"

    async def confirmed(self, before: str, result: ActionResult) -> Answer | None:
        if still_asks(result.title, result.appeared) is not None:
            return None  # a step of the flow, not its end ("Step 1 of 3", the e-mail still to give)
        page = self.means.ctx.session.page
        toasts = [p.text for p in result.problems if p.kind == "toast"]
        try:
            lines = confirmation(await read_text(page), before, toasts)
        except BrowserError:
            return None
        return self._said(page.url, lines)

    async def made(self, before: str, result: ActionResult) -> Answer | None:
        if still_asks(result.title, result.appeared) is not None:
            return None
        session, given = self.means.ctx.session, self.means.intent.given
        try:
            text, view = await read_text(session.page), await session.views.current(session.page)
        except BrowserError:
            return None
        return self._said(session.page.url, record_shown(text, before, view.full.title, given,
                                                         view.full.elements))

    async def changed(self, before: str, result: ActionResult) -> Answer | None:
        """The values the task sets, after the page's words of done; else the options code chose, each on
        a line the page did not show before ("Resolution: → wontfix"). Never while a field holds one:
        that is the form again ("updated" over a draft, a preview), not the record. The page's title
        comes first where it names the task's record ("#26 (Show consumer lag…)"): the record's page."""
        sets = self.means.intent.sets if self.means.intent.edits else ()
        said = await self.confirmed(before, result) if sets else None
        if sets and said is None:
            return None
        values, new_only = (sets, False) if sets else (tuple(self.means.shared.chosen.values()), True)
        session = self.means.ctx.session
        try:
            lines = [ln.text.strip() for ln in (await read_text(session.page)).lines]
            view = await session.views.current(session.page)
        except BrowserError:
            return None
        if not values or fields_hold(values, view.full.elements):
            return None
        fresh = [t for t in lines if not new_only or t not in before]
        showing = [next((t for t in fresh if shows_value(t, value)), None) for value in values]
        if any(t is None for t in showing):
            return None  # "The bill has been modified", and the amount it shows is not the task's
        quoted = [e.quote for e in said.evidence] if said is not None else []
        title = view.full.title
        named = [title] if any(code in title for code in self.means.intent.codes) else []
        return self._said(session.page.url, named + quoted + [t for t in showing if t])

    def _said(self, url: str, lines: list[str]) -> Answer | None:
        if not lines:
            return None
        self.means.run.seen.add(url, "\n".join(lines))
        return Answer(" · ".join(lines), [Evidence(url=url, quote=t) for t in lines])
