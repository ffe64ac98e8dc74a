"""A value the request says to read off the page and type into a field is read by one reader call on
the finding part alone and typed by code, only when the page shows it (agent/copying.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, finish

from navwright.agent.copying import Copy, copy_asked, shown_on
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

TASK = "Find the sign-in code in the message, type it into the Code field and press Verify."


def test_the_part_that_reads_a_value_and_types_it_is_found() -> None:
    assert copy_asked(TASK) == Copy("the sign-in code in the message", "the Code field")
    word = 'Find the 1st word in the paragraph, type that into the textbox and press "Submit".'
    assert copy_asked(word) == Copy("the 1st word in the paragraph", "the textbox")
    assert copy_asked("Solve the math problem and type your answer into the textbox") is None
    assert copy_asked("Find the cheapest flight to Rome") is None


def test_a_value_is_typed_by_code_only_when_the_page_shows_it() -> None:
    lines = "Your Fjordbank sign-in code is 482913."
    assert shown_on("482913", lines, TASK)
    assert not shown_on("12", lines, TASK)  # worked out, not read
    assert not shown_on("code", lines, TASK)  # a word of the task


async def test_a_code_read_off_the_page_is_typed_by_code_and_sent(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "action", "answer": ""}, {"kind": "question", "answer": "482913"}],
                    navigator=[actions(done("Signed in."))], check=[finish("Signed in.")])  # fmt: skip
    request = TaskRequest(task=TASK, url=f"{site}/verify_code.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                RunIO(sink=events)).run()  # fmt: skip
    asked = script.seen("reader")[1]
    assert "What is the sign-in code in the message?" in asked and "Find the sign-in" not in asked
    assert await session.page.evaluate("window.verified") == "482913", events.dump()
