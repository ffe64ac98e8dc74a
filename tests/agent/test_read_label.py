"""The value beside the label a question names is read by code ("Who owns ticket #14?": "Owned by:
Bence Kovacs"), not by a small model that takes the first name on the row."""

from __future__ import annotations

from agent_support import EventList
from script import Script

from navwright.agent.labels import labelled_answer
from navwright.agent.outcomes import RunResult
from navwright.agent.roles import post_author
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.asks import content_stems, who_asked
from navwright.agent.task.intent import parse
from navwright.agent.task.tokens import words
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

ROWS = """# Storage checksum mismatch after unclean shutdown
  Reported by: Felipe Silva | Owned by: Bence Kovacs
  Priority: blocker | Milestone: 1.2
  Keywords: corruption | Cc:
# comment:1 by Felipe Silva
  Found it: the journal is not flushed before the checksum is written."""
TITLE = "#14 (Storage checksum mismatch) – Harbor"


def test_the_label_the_question_names_gives_the_value_beside_it() -> None:
    for question, value in (("Who owns ticket #14 in the Harbor tracker?", "Bence Kovacs"),
                            ("Who reported ticket #14?", "Felipe Silva"),
                            ("What milestone is ticket #14 planned for?", "1.2")):
        found = labelled_answer(parse(question).asked_of, ROWS, TITLE)
        assert found is not None and found.value == value, question


def test_no_label_is_read_for_a_name_a_sentence_two_questions_or_an_empty_value() -> None:
    def read(question: str, lines: str = ROWS) -> object:
        return labelled_answer(parse(question).asked_of, lines, TITLE)

    assert read("Who found the cause of #14?") is None  # "Found it: …" is prose
    assert read("Where is the Storage summit, and what priority has #14?") is None
    assert read("Who is in Cc of #14?") is None
    assert read("Which keywords and priority does #14 have?", "Priority: low | Keywords: x") is None


async def _on_ticket14(task: str, script: Script, session: BrowserSession, site: str,
                       events: EventList) -> RunResult:
    agent = Agent(TaskRequest(task=task, url=f"{site}/ticket14.html"), Models.same(ScriptedModel(script)),
                  Tools(session), settings=RunSettings(screenshots=False), io=RunIO(sink=events))
    return await agent.run()


async def test_a_ticket_s_owner_is_read_off_its_property_table_with_no_reader_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(verify=[{"shows": "yes"}])
    result = await _on_ticket14("Who owns ticket #14 in the Harbor tracker?", script, session, site, events)
    assert result.status == "success" and result.answer == "Bence Kovacs", events.dump()
    assert script.seen("reader") == [] and script.seen("navigator") == []
    assert result.evidence[0].quote == "Reported by: Felipe Silva | Owned by: Bence Kovacs"


def _author(question: str, lines: str = ROWS) -> str | None:
    asked = parse(question).asked_of - content_stems(words(TITLE))
    post = post_author(who_asked(question) is not None, asked, lines)
    return None if post is None else post.author


def test_who_did_what_a_post_says_is_read_off_the_post_s_byline() -> None:
    assert _author("Who found the cause of the checksum mismatch in #14?") == "Felipe Silva"
    two = ROWS + "\n# comment:2 by Bence Kovacs\n  I found a second cause: the disk lies about flushes."
    assert _author("Who found the cause of the checksum mismatch in #14?", two) is None
    assert _author("What did the reporter find in #14?") is None  # no "who"
    assert _author("Who fixed #14?") is None  # no post says it


async def test_who_found_the_cause_is_read_off_the_comment_that_says_it_with_no_reader_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(verify=[{"shows": "yes"}])
    task = "Who found the cause of the checksum mismatch in ticket #14?"
    result = await _on_ticket14(task, script, session, site, events)
    assert result.status == "success" and result.answer == "Felipe Silva", events.dump()
    assert script.seen("reader") == [] and script.seen("navigator") == []
