"""A value the request says to read off the page and type into a field is read by one reader call on
the finding part alone and typed by code, only when the page shows it (agent/copying.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.copying import Copy, copy_asked, counted, shown_on
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

TASK = "Find the sign-in code in the message, type it into the Code field and press Verify."


def test_the_part_that_reads_a_value_and_types_it_is_found() -> None:
    assert copy_asked(parse(TASK).parts) == Copy("the sign-in code in the message", "the Code field")
    word = 'Find the 1st word in the paragraph, type that into the textbox and press "Submit".'
    assert copy_asked(parse(word).parts) == Copy("the 1st word in the paragraph", "the textbox")
    assert copy_asked(parse("Solve the math problem and type your answer into the textbox").parts) is None
    assert copy_asked(parse("Find the cheapest flight to Rome").parts) is None


def test_a_value_is_typed_by_code_only_when_the_page_shows_it() -> None:
    lines = "Your Fjordbank sign-in code is 482913."
    assert shown_on("482913", lines, parse(TASK))
    assert not shown_on("12", lines, parse(TASK))  # worked out, not read
    assert not shown_on("code", lines, parse(TASK))  # a word of the task


def test_a_word_or_line_named_by_its_place_is_counted_by_code() -> None:
    # the reader, asked for the 5th word, answered the 4th
    lines = "Find a word\nLorem ipsum dolor. Sit amet, consectetur's adipiscing elit.\nSubmit"
    assert counted(Copy("the 5th word in the paragraph", "the textbox"), lines) == "amet"
    assert counted(Copy("the sixth word of the text", "the box"), lines) == "consectetur's"
    assert counted(Copy("the 2nd line of the text", "the box"), lines) == "Lorem ipsum dolor. Sit amet, " \
        "consectetur's adipiscing elit."
    assert counted(Copy("the 12th word in the paragraph", "the box"), lines) is None  # too short
    assert counted(Copy("the sign-in code in the message", "the box"), lines) is None  # read, not counted


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


async def test_the_word_code_counted_stands_when_the_model_types_over_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # code typed the 7th word, counted; the 1.5B model then typed the whole paragraph over it
    paragraph = "Diam et aliquet pharetra massa, adipiscing aliquet malesuada sed venenatis sit."
    script = Script(navigator=[lambda p: actions({"name": "type_text", "element": eid(p, "Answer"),
                                                  "text": paragraph}),
                               lambda p: actions({"name": "click", "element": eid(p, "Submit")}),
                               actions(done())])  # fmt: skip
    task = 'Find the 7th word in the paragraph, type that into the textbox and press "Submit".'
    await Agent(TaskRequest(task=task, url=f"{site}/words.html"), Models.same(ScriptedModel(script)),
                Tools(session), RunSettings(), RunIO(sink=events)).run()
    assert await session.page.evaluate("window.sent") == "aliquet", events.dump()
    assert 'already holds "aliquet", read off the page' in script.seen("navigator")[1]
    assert not any("What is the 7th word" in p for p in script.seen("reader"))  # counted, not read


async def test_after_the_value_is_typed_code_presses_the_button_the_request_names_next(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done())])
    task = 'Find the 7th word in the paragraph, type that into the textbox and press "Submit".'
    await Agent(TaskRequest(task=task, url=f"{site}/words.html"), Models.same(ScriptedModel(script)),
                Tools(session), RunSettings(), RunIO(sink=events)).run()
    assert await session.page.evaluate("window.sent") == "aliquet", events.dump()
