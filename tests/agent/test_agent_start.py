"""The start of a service: on a page about what the task asks to do, code presses its one "Start now"."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.start import start_button
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation
from navwright.models.scripted import ScriptedModel

TASK = "On the City of Norrvik website, apply for a resident parking permit for my car."


async def test_the_start_button_of_the_service_the_task_asks_for_is_pressed_by_code(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def submit(prompt: str) -> dict[str, object]:
        assert "Your details" in prompt  # the first decision is on the form, past the start page
        name = {"name": "type_text", "element": eid(prompt, "Full name"), "text": "Dana Whitfield"}
        return actions(name, {"name": "click", "element": eid(prompt, "Submit application")})

    finish = actions(done("NV-2026-0042"))
    script = Script(reader=[{"kind": "action", "answer": ""}], navigator=[submit, finish])
    request = TaskRequest(task=TASK, url=f"{site}/permit_start.html")
    settings = RunSettings(yes=True, profile="Name: Dana Whitfield.")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings,
                         RunIO(sink=events)).run()
    assert await session.page.evaluate("window.applied") == "Dana Whitfield", events.dump()
    assert result.status == "success" and "NV-2026-0042" in result.answer


def test_only_one_start_button_on_a_page_about_the_task_is_pressed() -> None:
    def page(title: str, *names: str) -> Observation:
        return Observation(url="http://x/", title=title, mode="all", text="", elements=[
            ElementInfo(id=str(i), role="link", name=n) for i, n in enumerate(names)])

    about = "Apply for a residential parking permit - City of Norrvik"
    assert start_button(parse(TASK), page(about, "Check an application", "Start now →")) == "1"
    assert start_button(parse(TASK), page("Renew your passport", "Start now")) is None  # another service
    assert start_button(parse(TASK),
                        page(about, "Start now", "Get started")) is None  # which one: not code's call
