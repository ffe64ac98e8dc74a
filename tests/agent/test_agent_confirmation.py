"""After a commit took, the page's new lines that say it was done end the step as its answer; a page
that still asks for something (a step of a flow, a required field empty) confirms nothing, and a
purchase that ends on one is no success."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.confirmation import confirmation, still_asks
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.find import PageLine, PageText
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel


def _page(*lines: str) -> PageText:
    return PageText(url="http://127.0.0.1/x", title="Shop", lines=[PageLine(text=t) for t in lines])


def test_the_new_lines_that_say_the_order_went_through_are_the_confirmation() -> None:
    before = "Checkout\nConfirm your order\nPlace order\nKeep shopping"
    after = _page("Checkout", "Thank you for your order!", "Order NP-48213 · 2 × Summit Trail Runner",
                  "Express shipping (2 business days)", "Keep shopping")
    assert confirmation(after, before) == ["Thank you for your order!",
                                           "Order NP-48213 · 2 × Summit Trail Runner"]


def test_a_page_that_only_moved_on_to_the_next_form_confirms_nothing() -> None:
    before = "Your cart\nSummit Trail Runner SKU TR-4432\nProceed to checkout"
    after = _page("Checkout", "Shipping address", "Order summary: Summit Trail Runner SKU TR-4432",
                  "Confirm your order", "Place order")
    assert confirmation(after, before) == []


def test_a_line_shown_before_the_click_is_not_taken_for_the_confirmation() -> None:
    before = "Inbox\nSent\nMessage sent to Ben yesterday"
    assert confirmation(_page("Inbox", "Sent", "Message sent to Ben yesterday"), before) == []
    assert confirmation(_page("Inbox", "Your message was sent."), before) == ["Your message was sent."]


def test_the_pages_message_in_reply_comes_first_and_rows_below_it_are_left_out() -> None:
    before = "New message\nTo\nSubject\nSend"
    inbox = _page("Inbox", "Message sent", "Nordline Rail Your booking is confirmed: NR-58213",
                  "Ben Ortiz Lunch on Friday?")
    assert confirmation(inbox, before, ["Message sent"]) == ["Message sent"]
    booked = _page("Your trip is booked", "Booking reference", "QX7P2L", "SW 488 · Sunday 14 December")
    assert confirmation(booked, "Passenger details", ["Booking confirmed"]) == ["Booking confirmed", "QX7P2L"]


def test_a_page_that_is_a_step_of_a_flow_or_wants_a_required_field_still_asks() -> None:
    email = ElementInfo(id="6", role="textbox", name="Email", required=True, form="details")
    name = ElementInfo(id="7", role="textbox", name="Name", form="details")
    assert still_asks("Step 1 of 3: Your information", []) == 'the page is "Step 1 of 3"'
    assert still_asks("Checkout", [email, name]) == '"Email" is required and empty'
    assert still_asks("Thank you for your order", [email]) is None  # a newsletter's lone box
    assert still_asks("Step 3 of 3: Done", [email.model_copy(update={"value": "a@b.org"})]) is None


async def test_a_checkout_step_whose_progress_bar_says_order_confirmed_is_no_confirmation(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[
        lambda p: actions({"name": "click", "element": eid(p, "Checkout")}),
        actions(done("Order confirmed")),
    ], check=[finish("Order confirmed")])
    request = TaskRequest(task="Buy the two Friday day tickets in my cart.", url=f"{site}/wizard_cart.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, reader=False), RunIO(sink=events)).run()
    assert len(script.seen("navigator")) == 2  # the progress bar's "Order confirmed" did not end the step
    assert result.status != "success"
    failed = [c for c in result.checks if not c.ok]
    assert [c.name for c in failed] == ["flow_finished"] and "Step 1 of 3" in failed[0].detail
