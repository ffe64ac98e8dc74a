"""The procedures that fill what the task gives: a value read off the page typed where the task says
(agent/copying.py), a form filled from the task's and the person's values (agent/formfill.py), and the
review page's one button that sends what the person asked (agent/review.py). They share what they
filled in the step: (URL, form), or (URL, "copy")."""

from __future__ import annotations

from dataclasses import replace

from navwright.agent.amount import amount_field, amount_option
from navwright.agent.choosing import send_chosen
from navwright.agent.copying import copy_asked, counted, field_for, page_lines, shown_on
from navwright.agent.formfill import MAX_TOKENS as FORM_TOKENS
from navwright.agent.formfill import FillRequest, FormPlan, open_form, plan_fill, shown_values
from navwright.agent.history import Did
from navwright.agent.modelcall import BadAnswer
from navwright.agent.policy import PersonRequest, sends_harmlessly
from navwright.agent.procedure import Move, Proposal
from navwright.agent.procedures.base import Means, Once, Routine
from navwright.agent.reader import ReaderReply
from navwright.agent.review import send_button
from navwright.agent.signin import login_form
from navwright.agent.step import StepState, View
from navwright.agent.text.messages import reader_messages
from navwright.agent.text.notes import read_off_page, set_amount
from navwright.agent.unfilled import left_by
from navwright.agent.vetoes import form_sends_a_change
from navwright.browser.types import ActionResult, Observation
from navwright.models.base import Message

COPY_TOKENS = 60


class Filling(Routine):
    """A procedure that fills in the step: what was filled is shared (begun anew with the step)."""

    @property
    def filled(self) -> set[tuple[str, str]]:
        return self.means.shared.filled


class Copying(Filling):
    """The value the task says to read off this page, typed into the field it names: one reader call on
    the finding part alone, once per page and step."""

    name = "copying"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.parts: tuple[str, ...] = ()
        """Words of the request's parts its move does ("the 7th word in the paragraph", "the textbox"):
        its history entry names them, so those parts count as done (agent/clauses.py)."""

    async def propose(self, view: View, state: StepState) -> Proposal:
        obs, intent = view.obs, self.means.intent
        copy = copy_asked(intent.parts)
        target = field_for(copy, obs.elements) if copy is not None else None
        if copy is None or target is None or (obs.url, "copy") in self.filled:
            return None
        self.filled.add((obs.url, "copy"))
        lines = page_lines(obs.text_lines, intent)
        value = counted(copy, lines) or await self._read(copy.question, lines, state)
        if not value or not shown_on(value, lines, intent):  # worked out, not read: the model's to type
            return None
        state.by_code.kept[target.id] = read_off_page(copy.what)
        self.parts = (copy.what, copy.into)  # its finding and typing parts: the rest comes next
        return "type_text", {"element": target.id, "text": value}

    def ran(self, state: StepState, result: ActionResult) -> None:
        parts, self.parts = self.parts, ()
        if result.ok and parts:
            last = state.done[-1]
            if isinstance(last, Did):
                state.done[-1] = replace(last, names=last.names + parts)

    async def _read(self, question: str, lines: str, state: StepState) -> str:
        state.calls += 1
        run, caller = self.means.run, self.means.caller
        try:
            reply = await run.control.race(
                caller.ask(reader_messages(question, lines), ReaderReply, max_tokens=COPY_TOKENS))
        except BadAnswer:
            return ""
        return reply.answer.strip(" .\"'")


class SetAmount(Routine):
    """The number a task orders or books ("buy 2 pairs", "a table for four") set in the page's one field
    that says how many, once per field and page, before the model decides (agent/amount.py)."""

    name = "set_amount"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.set: set[tuple[str, str]] = set()
        """(URL, field id) where code set the number in this run: never twice, whatever the page did."""

    async def propose(self, view: View, state: StepState) -> Proposal:
        amount = self.means.intent.amount
        field = amount_field(view.obs.elements, amount, self.means.intent) if amount is not None else None
        if amount is None or field is None or (view.obs.url, field.id) in self.set:
            return None
        self.set.add((view.obs.url, field.id))
        option = amount_option(field, amount) if field.options else str(amount.count)
        if option is None:
            return None
        state.by_code.kept[field.id] = set_amount(amount.count, amount.unit)
        if field.options:
            return "select_option", {"element": field.id, "option": option}
        return "type_text", {"element": field.id, "text": option}


class FormProcedure(Filling):
    """The page's form filled from the task's values and submitted (a search before the answer, a new
    record's form, the form of a record the task changes); for an action, the person's details are
    filled in too, and a form whose button commits (order, pay, send) is left for the navigator to send.
    One short call, once per form."""

    name = "form_procedure"

    async def propose(self, view: View, state: StepState) -> Proposal:
        obs, settings, intent = view.obs, self.means.run.settings, self.means.intent
        kind = self.means.task_kind()
        edits = intent.edits and bool(intent.sets)
        found = open_form(obs, edits) if settings.form_fill and kind is not None else None
        if (found is None or (obs.url, found[0]) in self.filled or self._not_for_a_question(found[0], obs)
                or self._change_chosen(found[0], obs)):
            return None
        self.filled.add((obs.url, found[0]))
        state.calls += 1
        acting = kind == "action"
        person = settings.profile if acting else ""
        shown = shown_values(found[1], obs.text_lines, intent)
        request = FillRequest(intent, person, list(self.means.run.facts), acting, shown)
        values = await plan_fill(self._ask, request, found[1])
        if not values:
            return None
        harmless = sends_harmlessly(found[0], obs, settings.confirm)  # never a Send by code
        # a field left empty is the navigator's to fill (or to leave) before it sends the form; a new
        # record's form is sent with the fields the task gives no value for left empty, as a person would
        ready = intent.makes_new or not left_by(values, found[1])
        return "fill_form", {"fields": values, "submit": harmless and ready}

    def _not_for_a_question(self, form: str, obs: Observation) -> bool:
        """A question may not send a form that makes or changes a record (a new ticket's form): filling
        it finds nothing out (unless the rule that keeps a question from changing the site is off)."""
        off = "question_changes_nothing" in self.means.run.settings.without
        return self.means.intent.question_only and not off and form_sends_a_change(form, obs)

    def _change_chosen(self, form: str, obs: Observation) -> bool:
        """Code already chose in this form the one option the request names ("Close ticket #26 with the
        resolution wontfix": "resolve as" wontfix, by choose_named) and the request gives nothing else to
        put in it: no text to type, no new value, no new record, no details of the person. The record's
        own form holds the rest as it should; a plan of it would only restate the task."""
        intent, chosen = self.means.intent, self.means.shared.chosen
        in_form = {e.id for e in obs.elements if e.form == form}
        nothing_else = not (intent.given or intent.sets or intent.makes_new or intent.own or intent.amount)
        return nothing_else and any(element_id in in_form for element_id in chosen)

    async def _ask(self, messages: list[Message]) -> FormPlan:
        race, ask = self.means.run.control.race, self.means.caller.ask
        return await race(ask(messages, FormPlan, max_tokens=FORM_TOKENS))


class SignIn(Routine):
    """On a page whose form asks a password, sign in with the account and the secret the task gives
    (agent/signin.py): the name, the password, then the form's button, one move a view, once a page."""

    name = "sign_in"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.done: set[tuple[str, str]] = set()
        """(URL, element id) of each field typed and button pressed, in this run."""

    async def propose(self, view: View, state: StepState) -> Proposal:
        login = self.means.intent.login
        form = login_form(view.obs) if login is not None else None
        if login is None or form is None:
            return None
        url = view.obs.url
        moves: list[Move] = []
        if form.name is not None and (form.name.value or "").strip() != login.account:
            moves.append(("type_text", {"element": form.name.id, "text": login.account}))
        moves.append(("type_text", {"element": form.password.id, "text": login.secret}))
        if form.button is not None:
            moves.append(("click", {"element": form.button.id}))
        move = next((m for m in moves if (url, str(m[1]["element"])) not in self.done), None)
        if move is not None:
            self.done.add((url, str(move[1]["element"])))
        return move


class Review(Once):
    """Press the one button that sends what the person asked, on the page after the forms code filled
    in this step ("Check your answers")."""

    name = "review"

    async def element(self, view: View) -> str | None:
        if not self.means.shared.filled or self.means.task_kind() != "action":
            return None
        ctx, settings = self.means.ctx, self.means.run.settings
        person = PersonRequest(self.means.task, "", settings.profile, ctx.secrets, tuple(ctx.secret_hosts))
        return send_button(view.obs, settings.confirm, person)


class SendChosen(Once):
    """Send the form of the option code chose because the request names it ("wontfix"), with its one
    button that sends it, when no procedure before has more to fill (agent/choosing.py)."""

    name = "send_chosen"
    sends = True

    async def element(self, view: View) -> str | None:
        if self.means.task_kind() != "action" or view.menu.site_only:
            return None
        return send_chosen(view.obs.elements, self.means.shared.chosen)
