"""A finish right after the page said the last try missed is turned back (agent/feedback.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.actions import FinishAction
from navwright.agent.feedback import missed, refusal
from navwright.agent.grounding import Seen
from navwright.agent.judge.finish import Finishing, judge, missed_try
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult, PageProblem
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
    question = {"kind": "question", "answer": ""}
    navigator = [_attempt("4791"), actions(done("Incorrect code, try again.")), _attempt("4719"),
                 actions(done("Unlocked."))]
    script = Script(reader=[question, question, question], navigator=navigator,
                    check=[finish("Unlocked.")])
    request = TaskRequest(task="Guess the locker's code, 4791 or 4719, and press Check. Use the message "
                               "below to find the right code.", url=f"{site}/code_check.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                         RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.unlocked") is True, events.dump()
    assert result.status == "success", events.dump()
    assert not any("Incorrect code" in p for p in script.seen("reader"))
    assert "the page answered the last try with" in script.seen("navigator")[2]


async def test_the_pages_feedback_on_an_earlier_miss_is_not_read_as_the_answer_either(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """In a later step, code pressed "Submit" (nothing changed) and the reader read the "The number is
    lower than 5." an earlier try had left on the page: the run said success."""
    question = {"kind": "question", "answer": ""}
    miss = {"kind": "question", "answer": "Incorrect code, try again."}
    script = Script(reader=[question, miss],
                    navigator=[_attempt("4791"), lambda p: actions(_click(p, "Code")), _attempt("4719"),
                               actions(done("Unlocked."))],
                    check=[finish("Unlocked.")])
    request = TaskRequest(task="Guess the locker's code, 4791 or 4719, and press Check. Use the message "
                               "below to find the right code.", url=f"{site}/code_check.html")
    # three reads and four of the model's calls; the click on the typed "Code" is this test's action that
    # changes nothing, which filled_not_pressed (agent/filled.py) would not offer
    settings = RunSettings(max_calls_per_step=8, without=["filled_not_pressed"])
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings,
                         RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.unlocked") is True, events.dump()
    assert result.status == "success" and "Incorrect" not in result.answer, events.dump()


def test_a_finish_reporting_a_miss_as_the_answer_of_a_task_that_tries_the_controls_is_turned_back() -> None:
    task = "Guess the number between 0-9 and press Submit. Use the feedback below to find the right number."
    said = FinishAction(name="finish", status="done", answer="The number is lower than 5.")
    finishing = Finishing(said, parse(task), parse(task), task, question=True, committed=0, actions=2)
    assert "lower than 5" in (missed_try(finishing) or "")
    asked = "Is the coupon SAVE10 valid?"
    other = Finishing(said, parse(asked), parse(asked), asked, question=True, committed=0, actions=2)
    assert missed_try(other) is None


def test_the_finish_guard_switched_off_by_name_lets_the_finish_stand() -> None:
    task = "Type the code 4719 and press Check to unlock the locker."
    said = FinishAction(name="finish", status="done", answer="Unlocked.")
    finishing = Finishing(said, parse(task), parse(task), task, question=False, committed=0, actions=2,
                          missed="Incorrect code, try again.")
    assert judge(finishing, Seen()).status == "turned_back"
    assert judge(finishing, Seen(), frozenset({"finish_after_miss"})).status == "done"
    assert RunSettings(without=["finish_after_miss", "answer_seen"]).without == ["finish_after_miss",
                                                                                 "answer_seen"]


def _attempt(code: str):  # type: ignore[no-untyped-def]
    """The model's try: the code typed into "Code", "Check" pressed."""
    typed = {"name": "type_text", "text": code, "enter": False}
    return lambda p: actions({**typed, "element": eid(p, "Code")}, _click(p, "Check"))


def _click(prompt: str, label: str) -> dict[str, str]:
    return {"name": "click", "element": eid(prompt, label)}


def test_a_refusal_is_a_disabled_control_a_refused_field_or_a_failure_not_a_banner_of_a_page() -> None:
    disabled = PageProblem(kind="disabled", label="Select action")
    assert refusal(ActionResult(action="click", ok=False, error="disabled", problems=[disabled])) == \
        '"Select action" is disabled'
    banner = PageProblem(kind="error_text", text="· running in development mode")
    assert refusal(ActionResult(action="click", ok=True, problems=[banner])) is None
    vanished = ActionResult(action="click", ok=False, error="element 46 vanished")
    assert refusal(vanished) == "element 46 vanished"
    assert refusal(None) is None
