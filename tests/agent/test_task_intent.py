"""The task is parsed once into a TaskIntent: what it names, gives and bounds is read there, and the
rules read the intent, not the text."""

from __future__ import annotations

from navwright.agent.task.intent import parse
from navwright.agent.task.login import Login
from navwright.agent.task.measure import PriceBound, TimeBound


def test_what_a_task_names_and_gives_is_read_once() -> None:
    booking = parse("My booking reference is QX7P2L. Book flight SW 488 for @kelly, ticket #12")
    assert booking.reference == "QX7P2L"
    assert booking.code_keys == ("sw488",)
    assert {"kelly", "12"} <= booking.named
    login = parse("Log in to the project flat-42 (its password is in {{BUDGET_CODE}}). How much is left?")
    assert login.login == Login("flat-42", "{{BUDGET_CODE}}")
    assert parse("Buy 2 pairs of the runner").buys and not parse("Show my order history").buys


def test_a_comparison_reads_its_bounds_and_names_off_the_intent() -> None:
    intent = parse("cheapest train from Utrecht to Cologne on 5 March under $300 that arrives by 12:00")
    assert intent.criterion is not None and intent.criterion.label == "lowest price" and intent.bounded
    assert intent.comparing.prices == (PriceBound(upper=True, limit=300.0),)
    assert intent.comparing.times == (TimeBound("by", 12 * 60, arriving=True),)
    assert intent.comparing.numbers == ("5",)
    assert ("Utrecht",) in intent.comparing.names and ("Cologne",) in intent.comparing.names


def test_the_parts_and_the_kind_of_question() -> None:
    intent = parse("Expand the section below and click submit.")
    assert intent.parts == ("Expand the section below", "click submit") and intent.works
    more = parse("How many more inhabitants does Vellmar have than Pelin?")
    assert more.asks_difference and more.wants_number and more.several_named
    assert more.names("Wiki") == ["Vellmar", "Pelin"]


def test_names_given_as_contact_details_are_not_looked_up() -> None:
    sender = parse("Send the Northbrook Community Garden a message through its contact form, from Jonas "
                   "Weber, jonas.weber@example.org: Is there a plot free for next spring?")
    assert sender.own == frozenset({"Jonas Weber"}) and sender.names("Northbrook Community Garden") == []
    assert parse("My name is Ana Ruiz. Book a table at Casa Lupo.").names("") == ["Casa Lupo"]
    assert parse("Forward the latest email from Marta Kowalski to Ben").names("") == ["Marta Kowalski", "Ben"]
    assert parse("What is the latest e-mail from Marta Kowalski?").names("") == ["Marta Kowalski"]
