"""With `[run] matching_once` (on) the navigator reads the lines of the page that match the task only
where its look of the page does not already hold them (agent/text/looks.py `beyond`): a short page's
lines were written twice in every call, 6-11 % of a navigator prompt's characters on the suites' pages.
Switched off, the block is shown whole."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done
from test_agent_flow import agent_for
from test_agent_grounding import ASKED

from navwright.agent.text.looks import beyond
from navwright.browser.session import BrowserSession

PAGE = """URL: http://127.0.0.1/
Title: Cheap flights | Skyway
  links: [2] Flights | [3] My trips | [4] Baggage
# Winter deals
Lisbon → Berlin from €112 · Dublin → Vienna from €86
Skyway Travel Ltd. · Prices include taxes and fees
[11] link "Baggage fees\""""


def test_matching_lines_the_look_already_shows_are_not_written_again() -> None:
    matching = ("  Flights · My trips · Baggage\n# Winter deals\n  Prices include taxes and fees\n"
                "  Baggage fees")
    assert beyond(matching, PAGE) == ""


def test_a_matching_line_past_the_look_stays_under_its_heading_and_header_row() -> None:
    fees = "# Fees\n  (columns: Bag | Online | Airport)\n  Second checked bag | €45 | €60"
    matching = f"# Winter deals\n  Prices include taxes and fees\n{fees}\n  Baggage fees"
    assert beyond(matching, PAGE) == fees


def test_a_line_is_shown_only_when_its_words_stand_together_in_the_look() -> None:
    """Words found apart on the page are not the line: "Berlin from €86" is no line of the look."""
    assert beyond("  Berlin from €86", PAGE) == "  Berlin from €86"
    assert beyond("  taxes and fee", PAGE) == "  taxes and fee", "a word is matched whole, not its start"


async def test_on_a_short_page_the_navigator_reads_each_line_once(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("The blue mug costs $12.00"))])
    task = "What does the blue mug cost?"
    await agent_for(script, session, f"{site}/buy.html", events, ASKED, task=task).run()
    first = script.seen("navigator")[0]
    assert "Price: $12.00" in first
    assert "Lines of this page that match the task:" not in first, first


async def test_switched_off_the_lines_that_match_the_task_are_shown_even_where_the_page_holds_them(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("The blue mug costs $12.00"))])
    task = "What does the blue mug cost?"
    whole = ASKED.model_copy(update={"matching_once": False})
    await agent_for(script, session, f"{site}/buy.html", events, whole, task=task).run()
    first = script.seen("navigator")[0]
    assert "Lines of this page that match the task:" in first, first
