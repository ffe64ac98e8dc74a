"""The planner may ask the person for what only they know, never for what they asked (no browser, no
model)."""

from __future__ import annotations

from navwright.agent.asking import asks_back
from navwright.agent.decisions import AskUser
from navwright.agent.task.intent import parse


def _asks_back(task: str, question: str, ask: str = "data") -> bool:
    return asks_back(AskUser(kind="ask_user", thought="", question=question, ask=ask), parse(task))  # type: ignore[arg-type]


def test_the_requests_own_question_is_asking_back() -> None:
    task = "Who wrote the garden's most recent news article, and on what date was it published?"
    assert _asks_back(task, "What date was the most recent news article published?")
    assert _asks_back("When is the Harbor 2.0 milestone due?", "When is the milestone due?")


def test_what_only_the_person_knows_may_be_asked() -> None:
    assert not _asks_back("What is the cheapest nonstop flight to Lisbon?", "What date do you want to fly?")
    assert not _asks_back("What's my account balance?", "What is your password for the account?")
    assert not _asks_back("When is the milestone due?", "May I open the milestone page?", "confirm")


def test_an_action_may_ask_for_its_data() -> None:
    assert not _asks_back("Book a table for two at the harbour restaurant", "For what date is the table?")
