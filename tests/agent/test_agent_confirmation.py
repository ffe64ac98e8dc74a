"""After a commit took, the page's new lines that say it was done end the step as its answer."""

from __future__ import annotations

from navwright.agent.confirmation import confirmation
from navwright.browser.skills.find import PageLine, PageText


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
