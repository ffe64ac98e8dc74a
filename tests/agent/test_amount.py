"""A task that orders or books more than one: the number is parsed once (`TaskIntent.amount`), code sets
it in the page's field that says how many (agent/amount.py), and the verdict says success only when an
action set the number or a page showed it after the commitment."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.acting import Worked
from navwright.agent.amount import amount_field, amount_option
from navwright.agent.grounding import Seen
from navwright.agent.judge.checks import JudgeInput, amount_set
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import Amount, parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel

TASK = "Add 2 Ridge tents in green to my cart."


def test_the_amount_is_the_number_ordered_or_the_party_booked_for() -> None:
    assert parse("buy 2 pairs of the Summit Trail Runner in EU size 43").amount == Amount(2, "pairs")
    assert parse("Buy two Friday day tickets for the festival.").amount == Amount(2, "tickets")
    assert parse("Book a table for four at 8pm on Friday").amount == Amount(4, "people")
    assert parse("Reserve seats for 3 adults").amount == Amount(3, "adults")


def test_one_thing_nights_and_questions_ask_no_amount() -> None:
    assert parse("Order the Alpine Down Parka in size M").amount is None
    assert parse("Buy 1 ticket for Saturday").amount is None
    assert parse("Book 3 nights at the Harbour Hotel").amount is None  # the dates set nights
    assert parse("Book a room for 2 nights").amount is None
    assert parse("How much do 2 pairs of the Summit Trail Runner cost?").amount is None  # it asks only
    assert parse("Order #26 again").amount is None
    assert parse("Add 2 members, Ada and Bo, to the project").amount is None  # records, not a quantity
    assert parse("Add 4 mugs to my cart").amount == Amount(4, "mugs")


def _action(task: str, values: list[str], lines: list[str], commit_seen: int | None) -> JudgeInput:
    seen = Seen()
    seen.add("http://127.0.0.1/shop", "\n".join(lines))
    return JudgeInput(parse(task), False, True, "Ordered.", [], seen,
                      worked=Worked(values=values, commit_seen=commit_seen))


def test_an_order_of_one_is_not_confirmed_for_a_task_that_orders_two() -> None:
    task = "Buy 2 pairs of the Summit Trail Runner."
    check = amount_set(_action(task, ["43"], ["Order SH-1001 placed"], 0))
    assert check is not None and not check.ok and "2 pairs" in check.detail


def test_the_amount_is_confirmed_by_a_value_set_or_by_the_page_after_the_commitment() -> None:
    task = "Buy 2 pairs of the Summit Trail Runner."
    typed = amount_set(_action(task, ["43", "2"], [], None))
    assert typed is not None and typed.ok
    lines = ["Summit Trail Runner, size 43", "Order SH-1001 placed", "Qty: 2 × Summit Trail Runner"]
    shown = amount_set(_action(task, [], lines, 1))
    assert shown is not None and shown.ok and shown.quote is not None and "Qty: 2" in shown.quote.quote
    before = amount_set(_action(task, [], ["Qty: 2 left in stock", "Order SH-1001 placed"], 1))
    assert before is not None and not before.ok  # seen before the commitment: no part of the order
    assert amount_set(_action("Order the parka.", [], [], None)) is None


def _agent(script: Script, session: BrowserSession, site: str, events: EventList,
           without: tuple[str, ...] = ()) -> Agent:
    settings = RunSettings(reader=False, screenshots=False, yes=True, without=without)
    return Agent(TaskRequest(task=TASK, url=f"{site}/tent_item.html"), Models.same(ScriptedModel(script)),
                 Tools(session), settings=settings, io=RunIO(sink=events))


def _choose_and_add(p: str) -> dict[str, object]:
    return actions({"name": "select_option", "element": eid(p, "Colour"), "option": "Green"},
                   {"name": "click", "element": eid(p, "Add to cart")}, done("Added the green tents."))


async def test_code_sets_the_quantity_the_task_orders_before_the_model_decides(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_choose_and_add], check=[finish("Added the green tents.")])
    result = await _agent(script, session, site, events).run()
    first = script.seen("navigator")[0]
    assert f'type_text(element="Quantity #{eid(first, "Quantity")}", text="2")' in first
    assert 'textbox "Quantity" type=number value="2"' in first
    assert await session.page.evaluate("window.added") == [{"colour": "Green", "qty": "2"}]
    assert result.status == "success", events.dump()


def test_the_field_is_the_one_that_names_the_thing_when_a_page_has_several() -> None:
    def qty(i: int, name: str, value: str = "1") -> ElementInfo:
        return ElementInfo(id=str(i), role="spinbutton", name=name, value=value)

    two = Amount(2, "pairs")
    cart = [qty(1, "Quantity of Trail mug"), qty(2, "Quantity of Summit Trail Runner")]
    assert amount_field(cart, two, parse("buy 2 pairs of the Summit Trail Runner")) == cart[1]
    two_fields = [qty(1, "Quantity"), qty(2, "Quantity")]
    assert amount_field(two_fields, two, parse("buy 2 pairs of the runner")) is None
    assert amount_field([qty(1, "Quantity", "2")], two, parse("buy 2 pairs")) is None  # it holds the number
    guests = ElementInfo(id="3", role="combobox", name="Guests", value="1 guest",
                         options=["1 guest", "2 guests", "3 guests"])
    assert amount_field([guests], Amount(2, "people"), parse("Book a table for two")) == guests
    assert amount_option(guests, Amount(2, "people")) == "2 guests"


async def test_a_cart_of_one_for_a_task_of_two_is_not_called_a_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_choose_and_add], check=[finish("Added the green tents.")])
    result = await _agent(script, session, site, events, without=("set_amount",)).run()
    assert await session.page.evaluate("window.added") == [{"colour": "Green", "qty": "1"}]
    assert result.status != "success"
    assert any(c.name == "amount_set" and not c.ok for c in result.checks), result.checks


async def test_a_press_that_steps_the_quantity_code_set_waits_once(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def steps_up(p: str) -> dict[str, object]:  # what a small model did: "+" twice over the 2 code set
        plus = eid(p, "Increase quantity")
        return actions({"name": "click", "element": plus}, {"name": "click", "element": plus},
                       {"name": "click", "element": eid(p, "Add to cart")}, done("Added."))

    script = Script(navigator=[steps_up, _choose_and_add], check=[finish("Added the green tents.")])
    settings = RunSettings(reader=False, screenshots=False, yes=True)
    request = TaskRequest(task=TASK, url=f"{site}/tent_item.html?stepper")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings=settings,
                io=RunIO(sink=events)).run()
    assert await session.page.evaluate("window.added") == [{"colour": "Green", "qty": "2"}], events.dump()
    assert 'already holds "2"' in script.seen("navigator")[1]
