"""A change that names one option of one list has it chosen by code, the list's own radio picked first
when the list waits for it (agent/choosing.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid

from navwright.agent.choosing import named_choice, send_chosen
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.request import read
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel

CLOSE = "Close ticket #26 with the resolution wontfix."


async def test_the_named_option_is_chosen_after_its_radio_and_its_form_sent(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def navigator(prompt: str) -> dict[str, object]:
        if "closed (wontfix)" in prompt:
            return actions(done("closed"))
        return actions({"name": "click", "element": eid(prompt, "Preview")})  # what a small model did

    script = Script(navigator=[navigator, navigator])
    request = TaskRequest(task=CLOSE, url=f"{site}/ticket_modify.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         io=RunIO(sink=events)).run()
    assert await session.page.inner_text("#status") == "closed (wontfix)", events.dump()
    done_actions = [e.action for e in events.of("action_done")]  # type: ignore[attr-defined]
    assert done_actions == ["click", "select_option", "click"]
    assert await session.page.inner_text("#preview") == ""
    assert not script.seen("navigator")  # the page's new line showing the choice ended the step
    assert not script.seen("formfill")  # the form's empty Keywords and Comment: nothing to fill them with
    assert result.status == "success" and "wontfix" in result.answer, events.dump()
    assert result.evidence[0].quote.startswith("#26 (Show consumer lag)")  # the record's own page


async def test_a_sent_choice_the_form_still_holds_does_not_end_the_step(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[lambda prompt: actions(done("closed"))])
    request = TaskRequest(task=CLOSE, url=f"{site}/ticket_modify.html?stay")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert "Resolution: → wontfix" in await session.page.inner_text("body"), events.dump()
    assert len(script.seen("navigator")) == 1, events.dump()  # a preview, a draft: the page is asked


async def test_a_change_that_also_gives_text_still_has_its_form_filled(
    session: BrowserSession, site: str, events: EventList
) -> None:
    task = "Close ticket #26 with the resolution wontfix and the comment 'Out of scope for 2.0'."
    script = Script(navigator=[lambda prompt: actions(done("closed"))],
                    formfill=[{"fields": {"Comment": "Out of scope for 2.0"}}])
    request = TaskRequest(task=task, url=f"{site}/ticket_modify.html?stay")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert len(script.seen("formfill")) == 1, events.dump()
    assert await session.page.input_value("#comment") == "Out of scope for 2.0", events.dump()


def test_no_option_is_chosen_when_two_lists_have_one_the_request_says() -> None:
    lists = [ElementInfo(id="1", role="select", name="Type:", value="task", options=["defect", "task"]),
             ElementInfo(id="2", role="select", name="Component:", value="docs", options=["docs", "broker"])]
    task = parse("File a defect for the broker")
    assert named_choice(read("", task), lists, set(), {}) is None
    assert named_choice(read("", parse("File it for the broker")), lists, set(), {}) == (
        "select_option", {"element": "2", "option": "broker"})


def test_the_chosen_option_is_sent_by_the_one_button_that_sends_its_form() -> None:
    listed = ["fixed", "wontfix"]
    elements = [ElementInfo(id="1", role="select", name="as", value="wontfix", options=listed, form="f"),
                ElementInfo(id="2", role="button", name="Preview", form="f"),
                ElementInfo(id="3", role="button", name="Submit changes", form="f"),
                ElementInfo(id="4", role="button", name="Search", form="g")]
    assert send_chosen(elements, {"1": "wontfix"}) == "3"
    assert send_chosen(elements, {"1": "fixed"}) is None  # the choice did not hold
    two = [*elements, ElementInfo(id="5", role="button", name="Save", form="f")]
    assert send_chosen(two, {"1": "wontfix"}) is None
