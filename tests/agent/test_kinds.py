"""The one element of the kind a request names is pressed by code (agent/kinds.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.presses import kind_asked
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel


def test_a_kind_names_the_element_only_when_it_ends_the_command() -> None:
    assert kind_asked('Click on a "checkbox" widget.') == ("checkbox", None, True)
    assert kind_asked("Click the button.") == ("button", None, False)
    assert kind_asked('Click on a "textarea" widget') == ("textbox", True, True)
    assert kind_asked('Click on a "text" widget.') == ("textbox", False, True)
    assert kind_asked('Click the button labelled "OK".') is None  # named by its label
    assert kind_asked("Click the link to the pricing page") is None
    assert kind_asked("What does the button say?") is None


async def _run(session: BrowserSession, site: str, events: EventList, task: str) -> Script:
    script = Script(navigator=[actions(done()), actions(done())])
    await Agent(TaskRequest(task=task, url=f"{site}/widgets.html"), Models.same(ScriptedModel(script)),
                Tools(session), RunSettings(), RunIO(sink=events)).run()
    return script


async def test_the_one_checkbox_of_the_page_is_pressed_when_the_request_names_its_kind(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # told 'Click on a "checkbox" widget', the 1.5B model clicked the text field below the box
    await _run(session, site, events, 'Click on a "checkbox" widget.')
    assert await session.page.evaluate("window.clicked") == ["checkbox"], events.dump()


async def test_any_of_a_kind_the_page_has_twice_will_do_and_the_one_is_the_models_to_tell(
    session: BrowserSession, site: str, events: EventList
) -> None:
    await _run(session, site, events, 'Click on a "textarea" widget.')
    assert await session.page.evaluate("window.clicked") == ["textarea"], events.dump()
    await _run(session, site, events, "Click the textarea.")
    assert await session.page.evaluate("window.clicked") == [], events.dump()
