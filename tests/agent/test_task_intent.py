"""The task is parsed once into a TaskIntent: what it names, gives and bounds is read there, and the
rules read the intent, not the text."""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import navwright
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


def test_what_an_answer_is_checked_against_is_read_off_the_intent() -> None:
    bill = parse("The water bill of 21 March 2024 was entered wrong: change its amount to 45.60")
    assert bill.days == frozenset({dt.date(2024, 3, 21)})
    assert {"water", "bill"} <= bill.stems and "the" not in bill.stems
    assert bill.said.numbers >= {45.60} and bill.who is None
    owner = parse("Who owns ticket #14 in the Harbor tracker? Is it closed?")
    assert owner.who is not None and "own" in owner.who and "harbor" not in owner.who
    assert owner.said.yes_no and owner.said.question == frozenset({"is", "it", "closed"})
    assert parse("How heavy is the Ridgeline 2P tent?").quantity == "weight"
    assert parse("How much does a second checked bag cost?").quantity == "money"

def test_a_question_goes_on_past_a_period_inside_a_number_or_a_version() -> None:
    due = parse("When is Harbor's milestone 1.2 due?").said
    assert {"when", "milestone", "harbor", "due"} <= due.question  # before: {"2", "due"}
    fee = parse("Is the $3.50 fee paid?").said
    assert fee.yes_no and fee.state == "paid" and "fee" in fee.question
    two = parse("Book the 9.15 train. Is it direct?").said
    assert two.question == frozenset({"is", "it", "direct"})  # a period and a space still end a sentence


_RAW_TEXT_READERS = {
    "agent/control.py": "parses the task anew when its text changed",
    "agent/reader.py": "writes the reader's prompt",
    "agent/formfill.py": "writes the form filler's prompt; the values it may type are copied as written",
    "agent/judge/judge.py": "writes the check call's prompt",
    "agent/procedures/holds.py": "a typed value is copied as the task writes it",
}
"""The only modules outside agent/task/ that read the task's text, and what for: to write a model's
prompt or to copy a value as the person spelled it, never to decide anything."""


def test_outside_agent_task_the_raw_text_only_reaches_a_prompt_or_a_spelling() -> None:
    root = Path(navwright.__file__).parent
    readers = set()
    for path in root.rglob("*.py"):
        if path.parent.name == "task":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "text" and _is_intent(node.value):
                readers.add(path.relative_to(root).as_posix())
    assert readers <= set(_RAW_TEXT_READERS), sorted(readers - set(_RAW_TEXT_READERS))


def _is_intent(node: ast.expr) -> bool:
    named = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return named in ("intent", "_intent")
