"""The procedures that find the thing the task is about: go from the cart to the checkout of an order
(agent/checkout.py), open the record holding the code the task names, the edit of the record a change
names, the link to where its reference
is looked up (agent/reference.py), a service's start (agent/start.py), a search sent again with fewer
words, and the look-up: search the task's named thing and open the best result (agent/lookup.py)."""

from __future__ import annotations

from pydantic import BaseModel

from navwright.agent.actions import action_params, is_search_box, page_features
from navwright.agent.checkout import CheckoutWay, adds_to_cart
from navwright.agent.editing import edit_control
from navwright.agent.lookup import best_result, record_with, results_url
from navwright.agent.procedure import Proposal
from navwright.agent.procedures.base import LOOKED_UP, Means, Once, Remembers, Routine
from navwright.agent.reference import reference_link, takes_reference
from navwright.agent.section import section_link
from navwright.agent.start import start_button
from navwright.agent.step import StepState, View, took
from navwright.browser.skills.records import list_records
from navwright.browser.skills.search import found_nothing, list_results
from navwright.browser.types import ActionResult, Observation


class Checkout(Routine):
    """Open the cart, then its checkout, once this run put the item of an order in the cart."""

    name = "checkout"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.carted = False
        """An action of this run put something in a cart."""
        self.way = CheckoutWay()

    def begin(self) -> None:
        self.way = CheckoutWay()

    def noted(self, action: BaseModel, obs: Observation, result: ActionResult) -> None:
        self.carted = self.carted or (adds_to_cart(action, obs) and took(result))

    async def propose(self, view: View, state: StepState) -> Proposal:
        if not self.carted or not self.means.intent.buys:
            return None
        return self.way.next_click(view.obs)


class OpenCoded(Once):
    """Open the one record of a list that holds the code the task names ("Book flight SW 488"), also when
    a search narrowed the list to that one record ("MCPKL" searched in the orders)."""

    name = "open_coded"

    async def element(self, view: View) -> str | None:
        codes = list(self.means.intent.code_keys)
        if not codes or not self.means.looks_up():
            return None
        narrowed = results_url(view.obs.url)
        found = await list_records(self.means.ctx.session.page, one=narrowed)
        record = record_with(codes, found.records, narrowed=narrowed)
        return None if record is None else record.id


class EditNamed(Once):
    """For a change to what a record the task names holds, on a list of records: open that record's own
    edit (agent/editing.py), once per step."""

    name = "edit_named"

    def ran(self, state: StepState, result: ActionResult) -> None:
        self.means.shared.opened = took(result)

    async def element(self, view: View) -> str | None:
        if self.means.kind() != "action" or not self.means.intent.edits:
            return None
        return edit_control(self.means.intent, (await list_records(self.means.ctx.session.page)).records)


class Reference(Once):
    """Open the link to where the task's reference is looked up ("My trips"), when this page has no
    field for it."""

    name = "reference"

    async def element(self, view: View) -> str | None:
        intent, obs = self.means.intent, view.obs
        if not self.means.looks_up() or intent.reference is None or takes_reference(obs):
            return None
        return reference_link(intent, obs)


class Section(Routine):
    """At a step's first look of a site's page, open the section the task is about ("View Tickets",
    "New Ticket", "Contact"), once per step (agent/section.py); for an action that gives an account to
    sign in with, at the first look of each page the step reaches before the model acts (the page after
    code signed in: "Add a new bill"), unless code opened the record the task changes there. Not for a
    question there: the look-up finds its thing, and a question's verbs name menus it is not about ("a
    workshop sent me a quote": the folder "Sent")."""

    name = "section"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.begin()

    def begin(self) -> None:
        self.clicked = False
        self.model_acted = False
        self.looked: set[str] = set()

    def noted(self, action: BaseModel, obs: Observation, result: ActionResult) -> None:
        self.model_acted = True

    async def propose(self, view: View, state: StepState) -> Proposal:
        url, intent, kind = view.obs.url, self.means.intent, self.means.kind()
        signed_in = (kind == "action" and intent.login is not None and not self.model_acted
                     and url not in self.looked and not self.means.shared.opened)
        if self.clicked or kind not in LOOKED_UP or not (state.actions == 0 or signed_in):
            return None
        self.looked.add(url)
        element = section_link(intent, view.obs)
        if element is None:
            return None
        self.clicked = True
        return "click", {"element": element}


class Start(Once):
    """Press the one "Start now" of a page about the service the task asks for."""

    name = "start"

    async def element(self, view: View) -> str | None:
        return start_button(self.means.intent, view.obs) if self.means.kind() == "action" else None


class Searching(Routine):
    """A procedure of the look-up's family: they share where it stands, begun anew with the step (what
    the run's searches found nothing for is kept)."""


class SiteFirst(Searching):
    """The look-up's pause: on a page whose site offers its own functions, they come first and the
    look-up does not start in this step. It is asked before the procedures that move on a page."""

    name = "look_up"

    async def propose(self, view: View, state: StepState) -> Proposal:
        if view.menu.site_only:
            self.means.shared.lookup.skip()
        return None


class OpenResult(Remembers):
    """On a page of search results, for a question: open the result that shares the most words with the
    task, once per page of results in a step. A result's details are on its own page, not in its preview
    (the reader takes no answer from a list of results), whoever searched."""

    name = "open_result"

    async def propose(self, view: View, state: StepState) -> Proposal:
        url = view.obs.url
        if url in self.tried or not results_url(url) or not self.means.run.control.intent.question_only:
            return None
        if self.means.shared.lookup.stage == "searched":
            return None  # the look-up's own search: it opens its best result itself
        self.tried.add(url)
        element = best_result(await list_results(self.means.ctx.session.page), self.means.intent)
        return None if element is None else ("click", {"element": element})


class Broaden(Searching):
    """After the model's own search found nothing ("quote for repairing my bike"), search again with
    fewer words (search_site tries them), then the look-up opens the best result: once per step."""

    name = "broaden"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.typed = ""
        """The last words the navigator typed into a search box, in this run."""
        self.broadened = False

    def begin(self) -> None:
        super().begin()
        self.broadened = False

    def noted(self, action: BaseModel, obs: Observation, result: ActionResult) -> None:
        params = action_params(action)
        target = next((e for e in obs.elements if e.id == str(params.get("element", ""))), None)
        if result.does == "type" and result.ok and target is not None and is_search_box(target):
            self.typed = str(params.get("text", ""))

    async def propose(self, view: View, state: StepState) -> Proposal:
        if self.broadened or state.last is None or state.last.does != "type" or not self.means.searches:
            return None
        typed = self.typed.strip()
        if not self.means.looks_up() or not typed:
            return None
        if not found_nothing(await list_results(self.means.ctx.session.page)):
            return None
        self.broadened = True
        self.means.shared.lookup.searched_for(typed)
        return "search_site", {"query": typed}


class LookUpProcedure(Searching):
    """The look-up: search for the task's named thing and open the best result, for a question or an
    action."""

    name = "look_up"

    async def propose(self, view: View, state: StepState) -> Proposal:
        obs, intent, kind, way = view.obs, self.means.intent, self.means.kind(), self.means.shared.lookup
        if not self.means.looks_up() or not self.means.searches:
            return None
        if way.stage == "searched":
            return way.then(await list_results(self.means.ctx.session.page), intent, obs.title)
        search_box = "search_box" in page_features(obs, None, navigated=False, uploads=False)
        login = any(e.input_type == "password" for e in obs.elements)
        first = way.first(intent, obs.title, search_box, login)
        if first is not None or kind != "question":
            return first
        return way.next_name(intent, search_box)  # the second of two named things
