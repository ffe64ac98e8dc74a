"""A question that asks when is answered by a date, a day or a time; a fact only a page's footer shows
is about the site, not an answer (no browser, no model)."""

from __future__ import annotations

from navwright.agent.grounding import Seen, ground, informs
from navwright.agent.judge.answer import GUARDS, Answering
from navwright.agent.judge.checks import JudgeInput, code_checks
from navwright.agent.judge.verdict import first_refusal
from navwright.agent.task.asks import wants_time
from navwright.agent.task.intent import parse
from navwright.agent.task.said import said_in

URL = "http://127.0.0.1/milestone/Beta"
PAGE = ["Milestone Beta", "Due 2026-12-01 (in 4 days)", "12 of 15 tickets closed",
        "Powered by Trac 1.6", "By Edgewall Software."]


def _refusal(task: str, answer: str, lines: list[str]) -> str | None:
    seen = Seen()
    seen.add(URL, "\n".join(lines))
    grounding = ground(answer, seen, task)
    told = informs(answer, grounding, said_in(task), seen)
    answering = Answering(answer, parse(task), grounding, told, False, False, 0, 0)
    return first_refusal(GUARDS, answering, frozenset())


def _failed(task: str, answer: str) -> list[str]:
    seen = Seen()
    seen.add(URL, "\n".join(PAGE))
    j = JudgeInput(parse(task), True, False, answer, [], seen)
    return [c.name for c in code_checks(j) if not c.ok]


def test_questions_that_ask_when_are_told_from_other_uses_of_the_word() -> None:
    assert wants_time("When is the Beta milestone due?")
    assert wants_time("Who reported ticket #4? When was it filed?")
    assert wants_time("What time does the museum open on Sundays?")
    assert wants_time("Since when has ticket #9 been open?")
    assert not wants_time("Tell me the price of the lamp when it is on sale")
    assert not wants_time("Who owns ticket #14?")


def test_an_answer_to_when_that_gives_no_date_day_or_time_is_refused() -> None:
    why = _refusal("When is the Beta milestone due?", "It is due by Edgewall Software", PAGE)
    assert why is not None and "asks when" in why
    failed = _failed("When is the Beta milestone due?", "It is due with 12 of 15 tickets closed")
    assert "time_stated" in failed


def test_an_answer_to_when_that_gives_the_date_or_says_there_is_none_stands() -> None:
    assert _refusal("When is the Beta milestone due?", "It is due on 2026-12-01.", PAGE) is None
    assert "time_stated" not in _failed("When is the Beta milestone due?", "It is due on 2026-12-01.")
    assert "time_stated" not in _failed("When is the Beta milestone due?", "It has no due date.")
    for hours in ("Open 9 to 5.", "9-17", "from 10 until 18.30"):
        assert "time_stated" not in _failed("When is the shop open?", hours), hours
    assert "time_stated" in _failed("When is the shop open?", "Version 1.6 of 12 tickets")


def test_an_answer_whose_only_new_fact_is_in_the_page_footer_is_refused() -> None:
    why = _refusal("When is the Beta milestone due?", "It is due on the page that says Trac 1.6", PAGE)
    assert why is not None
    why = _refusal("How many tickets are left in milestone Beta?", "1.6 tickets", PAGE)
    assert why is not None and "footer" in why


def test_a_fact_the_page_content_shows_is_quoted_from_there_not_from_the_footer() -> None:
    seen = Seen()
    seen.add(URL, "\n".join(["Released with Trac 1.6 support", *PAGE]))
    grounding = ground("Trac 1.6", seen, "Which Trac release does the Beta milestone support?")
    assert grounding.chrome == [] and grounding.evidence[0].quote == "Released with Trac 1.6 support"


def test_a_question_about_the_site_itself_may_be_answered_from_its_footer() -> None:
    assert _refusal("Which version of Trac powers this tracker?", "Trac 1.6", PAGE) is None
