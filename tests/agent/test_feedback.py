"""A finish right after the page said the last try missed is turned back (agent/feedback.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.feedback import missed
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult
from navwright.models.scripted import ScriptedModel


def test_the_words_of_a_missed_try_are_found_in_what_the_page_answered() -> None:
    said = ActionResult(action="press_key", ok=True, appeared_text=["The number is lower than 5."])
    assert missed(said) == "The number is lower than 5."
    assert missed(ActionResult(action="click", ok=True, appeared_text=["Incorrect password"])) is not None
    assert missed(ActionResult(action="click", ok=True, appeared_text=["Welcome back, Ada"])) is None
    assert missed(None) is None


async def test_a_finish_after_the_page_said_the_code_was_wrong_is_turned_back(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def attempt(code: str):  # type: ignore[no-untyped-def]
        typed = {"name": "type_text", "text": code, "enter": True}
        return lambda p: actions({**typed, "element": eid(p, "Code")}, done())
    script = Script(navigator=[attempt("4791"), attempt("4719")], check=[finish("Unlocked.")])
    request = TaskRequest(task="Type the code 4719 and press Check to unlock the locker.",
                          url=f"{site}/code_check.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                         RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success", events.dump()
    assert await session.page.evaluate("window.unlocked") is True
    assert "the page answered the last try with \"Incorrect code, try again.\"" in script.seen("navigator")[1]


async def test_a_problem_tried_on_the_page_is_not_answered_with_the_pages_feedback_on_a_miss(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """ "Guess the number… press Submit. Use the feedback to find the right number": the reader read the
    page's "The number is lower than 5." as the answer and the run said success. A task that tells to
    try the page's controls and asks no question is not read right after a miss, and a finish that
    reports the miss is turned back."""
    def attempt(code: str):  # type: ignore[no-untyped-def]
        typed = {"name": "type_text", "text": code, "enter": False}
        return lambda p: actions({**typed, "element": eid(p, "Code")},
                                 {"name": "click", "element": eid(p, "Check")})
    question = {"kind": "question", "answer": ""}
    script = Script(reader=[question, question, question],
                    navigator=[attempt("4791"), actions(done("Incorrect code, try again.")), attempt("4719"),
                               actions(done("Unlocked."))],
                    check=[finish("Unlocked.")])
    request = TaskRequest(task="Guess the locker's code, 4791 or 4719, and press Check. Use the message "
                               "below to find the right code.", url=f"{site}/code_check.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                         RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.unlocked") is True, events.dump()
    assert result.status == "success", events.dump()
    assert not any("Incorrect code" in p for p in script.seen("reader"))
    assert "the page answered the last try with" in script.seen("navigator")[2]
