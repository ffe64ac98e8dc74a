"""The routines code runs for the navigator, with no model decision or one short call: compare the
records of a list (agent/compare.py), go from the cart to the checkout of an order (agent/checkout.py),
look a named thing up with the site's search (agent/lookup.py), fill a form from the task's and the
person's values (agent/formfill.py). Each gives the navigator a
move to run, an answer (a comparison's pick) or None, and the model decides the rest.
"""

from __future__ import annotations

from pydantic import BaseModel

from navwright.agent.actions import action_params, is_search_box, page_features
from navwright.agent.checkout import adds_to_cart, buying
from navwright.agent.compare import Ranked, bounded, criterion_in
from navwright.agent.confirmation import confirmation
from navwright.agent.copying import copy_asked, counted, field_for, page_lines, shown_on
from navwright.agent.formfill import MAX_TOKENS as FORM_TOKENS
from navwright.agent.formfill import FillRequest, FormPlan, open_form, plan_fill, shown_values
from navwright.agent.grounding import Evidence
from navwright.agent.lookup import Move, codes_in, record_with
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.agent.policy import PersonRequest, commit_missing, sends_harmlessly
from navwright.agent.prompting import reader_messages
from navwright.agent.reader import Reader, ReaderReply
from navwright.agent.reference import reference_in, reference_link, takes_reference
from navwright.agent.review import send_button
from navwright.agent.scope import RunScope
from navwright.agent.start import start_button
from navwright.agent.step import StepState, took
from navwright.agent.unfilled import left_by
from navwright.browser.errors import BrowserError
from navwright.browser.skills.base import SkillContext
from navwright.browser.skills.find import read_text
from navwright.browser.skills.records import list_records
from navwright.browser.skills.search import found_nothing, list_results
from navwright.browser.types import ActionResult, Observation
from navwright.models.base import Message

COPY_TOKENS = 60
LOOKED_UP = ("question", "action")
"""The tasks whose named thing is searched for and opened first ("Order the Alpine Down Parka")."""


class Procedures:
    """The navigator's routines over one run: they read its scope and count their calls in the step."""

    def __init__(
        self, run: RunScope, ctx: SkillContext, caller: Caller, reader: Reader | None, searches: bool
    ) -> None:
        self.run = run
        self.ctx = ctx
        self.caller = caller
        self.reader = reader
        self.searches = searches
        """The generic search skill is on the menu (the look-up uses it)."""
        self.carted = False
        """An action of this run put something in a cart (see agent/checkout.py)."""
        self.typed_search = ""
        """The last words the navigator typed into a search box (see broaden)."""

    @property
    def task(self) -> str:
        return self.run.control.task

    async def compare(self, url: str, page: str, state: StepState) -> Ranked | Move | None:
        """The pick from the records of this list (or a move to the list's next page), for a task that
        asks for the cheapest, best rated, quickest..."""
        acting = commit_missing(self.task, 0)  # "Book a nonstop flight before noon": any that fits
        wanted = criterion_in(self.task) is not None or (acting and bounded(self.task))
        if not self.run.settings.compare or state.chosen or not wanted:
            return None
        found = await list_records(self.ctx.session.page)
        return state.comparison.next(self.task, found, page, url, any_fitting=acting)

    def choose(self, ranked: Ranked, request: str, state: StepState) -> Move | None:
        """For a request that commits to the best of a list ("Book the cheapest flight"), a click on
        the best record's link instead of an answer; None for a comparison asked about."""
        if not commit_missing(request, 0) or ranked.best.id is None:
            return None
        state.chosen = True
        return "click", {"element": ranked.best.id}

    async def confirmed(self, before: str, result: ActionResult) -> tuple[str, list[Evidence]] | None:
        """After a commit took: the page's messages and new lines that say it was done (see
        agent/confirmation.py), as the step's answer and evidence; None when nothing says so."""
        page = self.ctx.session.page
        toasts = [p.text for p in result.problems if p.kind == "toast"]
        try:
            lines = confirmation(await read_text(page), before, toasts)
        except BrowserError:
            return None
        if not lines:
            return None
        self.run.seen.add(page.url, "\n".join(lines))
        return " · ".join(lines), [Evidence(url=page.url, quote=t) for t in lines]

    def picked(self, ranked: Ranked) -> tuple[str, list[Evidence]]:
        """A comparison's answer and its evidence; the records it read are seen."""
        self.run.seen.add(ranked.url, "\n".join(r.text for r in ranked.fitting))
        return ranked.answer, list(ranked.evidence)

    async def move(self, obs: Observation, state: StepState) -> Move | None:
        """The checkout's next click, else the record the task names by its code, the reference's link,
        the service's start, a search sent again with fewer words, the look-up's next move, a value
        read off the page typed where the task says, the form procedure's, or the review page's send."""
        return (self.checkout(obs, state) or await self.open_coded(state) or self.seek_reference(obs, state)
                or self.start(obs, state) or await self.broaden(obs, state) or await self.look_up(obs, state)
                or await self.copy_value(obs, state) or await self.fill_form(obs, state)
                or self.send_reviewed(obs, state))  # fmt: skip

    def send_reviewed(self, obs: Observation, state: StepState) -> Move | None:
        """Press the one button that sends what the person asked, on the page after the forms code
        filled in this step ("Check your answers": agent/review.py)."""
        if state.reviewed or not state.filled or self._kind() != "action":
            return None
        ctx, settings = self.ctx, self.run.settings
        person = PersonRequest(self.task, "", settings.profile, ctx.secrets, tuple(ctx.secret_hosts))
        button = send_button(obs, settings.confirm, person)
        if button is None:
            return None
        state.reviewed = True
        return "click", {"element": button}

    async def broaden(self, obs: Observation, state: StepState) -> Move | None:
        """After the model's own search found nothing ("quote for repairing my bike"), search again with
        fewer words (search_site tries them), then open the best result: once per step."""
        if state.broadened or state.last is None or state.last.does != "type" or not self.searches:
            return None
        if self.reader is None or self.reader.kind not in LOOKED_UP:
            return None
        typed = self.typed_search.strip()
        if not typed or not found_nothing(await list_results(self.ctx.session.page)):
            return None
        state.broadened = True
        state.lookup.searched_for(typed)
        return "search_site", {"query": typed}

    def start(self, obs: Observation, state: StepState) -> Move | None:
        """Press the one "Start now" of a page about the service the task asks for (agent/start.py)."""
        if state.started or self.reader is None or self.reader.kind != "action":
            return None
        button = start_button(self.task, obs)
        if button is None:
            return None
        state.started = True
        return "click", {"element": button}

    def seek_reference(self, obs: Observation, state: StepState) -> Move | None:
        """Open the link to where the task's reference is looked up ("My trips"), when this page has no
        field for it (see agent/reference.py)."""
        if state.sought_reference or self.reader is None or self.reader.kind not in LOOKED_UP:
            return None
        if reference_in(self.task) is None or takes_reference(obs):
            return None
        link = reference_link(self.task, obs)
        if link is None:
            return None
        state.sought_reference = True
        return "click", {"element": link}

    async def open_coded(self, state: StepState) -> Move | None:
        """Open the one record of a list that holds the code the task names ("Book flight SW 488")."""
        codes = codes_in(self.task)
        if not codes or state.opened_code or self.reader is None or self.reader.kind not in LOOKED_UP:
            return None
        found = await list_records(self.ctx.session.page)
        record = record_with(codes, found.records)
        if record is None or record.id is None:
            return None
        state.opened_code = True
        return "click", {"element": record.id}

    def note(self, action: BaseModel, obs: Observation, result: ActionResult) -> None:
        """Keep what the routines need from an action the navigator ran: that it put something in a cart,
        the words it typed into a search box."""
        self.carted = self.carted or (adds_to_cart(action, obs) and took(result))
        params = action_params(action)
        target = next((e for e in obs.elements if e.id == str(params.get("element", ""))), None)
        if result.does == "type" and result.ok and target is not None and is_search_box(target):
            self.typed_search = str(params.get("text", ""))

    def checkout(self, obs: Observation, state: StepState) -> Move | None:
        """Open the cart, then its checkout, once this run put the item of an order in the cart."""
        if not self.carted or not buying(self.task):
            return None
        return state.checkout.next_click(obs)

    async def look_up(self, obs: Observation, state: StepState) -> Move | None:
        """Search for the task's named thing and open the best result, for a question or an action."""
        if self.reader is None or self.reader.kind not in LOOKED_UP or not self.searches:
            return None
        if state.lookup.stage == "searched":
            return state.lookup.then(await list_results(self.ctx.session.page), self.task)
        search_box = "search_box" in page_features(obs, None, navigated=False, uploads=False)
        login = any(e.input_type == "password" for e in obs.elements)
        first = state.lookup.first(self.task, obs.title, search_box, login)
        if first is not None or self.reader.kind != "question":
            return first
        return state.lookup.next_name(self.task, search_box)  # the second of two named things

    async def fill_form(self, obs: Observation, state: StepState) -> Move | None:
        """The page's form filled from the task's values and submitted (a search before the answer); for
        an action, the person's details are filled in too, and a form whose button commits (order, pay,
        send) is left for the navigator to send. One short call, once per form."""
        kind = self._kind()
        found = open_form(obs) if self.run.settings.form_fill and kind is not None else None
        if found is None or (obs.url, found[0]) in state.filled:
            return None
        state.filled.add((obs.url, found[0]))
        state.calls += 1
        acting = kind == "action"
        person = self.run.settings.profile if acting else ""
        shown = shown_values(found[1], obs.text_lines, self.task)
        request = FillRequest(self.task, person, list(self.run.facts), acting, shown)
        values = await plan_fill(self._ask, request, found[1])
        if not values:
            return None
        harmless = sends_harmlessly(found[0], obs, self.run.settings.confirm)  # never a Send by code
        # a field left empty is the navigator's to fill (or to leave) before it sends the form
        return "fill_form", {"fields": values, "submit": harmless and not left_by(values, found[1])}

    async def copy_value(self, obs: Observation, state: StepState) -> Move | None:
        """The value the task says to read off this page, typed into the field it names: one reader
        call on the finding part alone, once per page and step (agent/copying.py)."""
        copy = copy_asked(self.task)
        target = field_for(copy, obs.elements) if copy is not None else None
        if copy is None or target is None or (obs.url, "copy") in state.filled:
            return None
        state.filled.add((obs.url, "copy"))
        lines = page_lines(obs.text_lines, self.task)
        value = counted(copy, lines) or await self._read_copy(copy.question, lines, state)
        if not value or not shown_on(value, lines, self.task):  # worked out, not read: the model's to type
            return None
        state.kept[target.id] = f'read off the page for "{copy.what}"'
        state.does_parts = (copy.what, copy.into)  # its finding and typing parts: the rest comes next
        return "type_text", {"element": target.id, "text": value}

    async def _read_copy(self, question: str, lines: str, state: StepState) -> str:
        state.calls += 1
        try:
            reply = await self.run.control.race(
                self.caller.ask(reader_messages(question, lines), ReaderReply, max_tokens=COPY_TOKENS))
        except BadAnswer:
            return ""
        return reply.answer.strip(" .\"'")

    def _kind(self) -> str | None:
        """The reader's kind of task; for a comparison (the reader is not asked) an action when the task
        commands a commitment ("Book me the cheapest…"), else a question."""
        if self.reader is not None and self.reader.kind is not None:
            return self.reader.kind
        if criterion_in(self.task) is None:
            return None
        return "action" if commit_missing(self.task, 0) else "compare"

    async def _ask(self, messages: list[Message]) -> FormPlan:
        return await self.run.control.race(self.caller.ask(messages, FormPlan, max_tokens=FORM_TOKENS))
