"""The navigator's message writes a page once, where the model read it: the actions done on it since
follow it, so a call after an action on the same page starts with the whole of the call before it and
the model evaluates only what is new (`page_once`). Real Chromium on fixture pages, a scripted model."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

SIGN_UP = "Sign up for the newsletter as Ada Lovelace, with the weekly digest."
SINCE = "Steps done on this page since:"


def _run(script: Script, session: BrowserSession, url: str, task: str, events: EventList,
         once: bool = True) -> Agent:
    settings = RunSettings(reader=False, screenshots=False, form_fill=False, page_once=once)
    return Agent(TaskRequest(task=task, url=url), Models.same(ScriptedModel(script)), Tools(session),
                 settings=settings, io=RunIO(sink=events))


def _type_name(prompt: str) -> dict[str, object]:
    return actions({"name": "type_text", "element": eid(prompt, "Your name"), "text": "Ada Lovelace"})


def _through_page(prompt: str) -> str:
    """The prompt up to the end of its page."""
    return prompt[:prompt.rindex("</page>") + len("</page>")]


async def _since_typing(session: BrowserSession, site: str, events: EventList) -> str:
    """What the navigator's second call adds after the whole first one, once a name was typed."""
    script = Script(navigator=[_type_name, actions(done(""))])
    await _run(script, session, f"{site}/form.html", SIGN_UP, events).run()
    first, second = script.seen("navigator")[:2]
    assert second.startswith(_through_page(first)), second
    return second[len(_through_page(first)):]


async def test_a_second_call_on_the_same_page_starts_with_the_whole_first_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    since = await _since_typing(session, site, events)
    assert since.lstrip().startswith(SINCE) and "Ada Lovelace" in since
    assert "Page now:" not in since  # the page is not written again


async def test_a_page_reached_at_another_address_is_written_anew_after_the_steps(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[lambda p: actions({"name": "click", "element": eid(p, "Opening hours")}),
                               actions(done(""))], check=[finish("The opening hours page is open")])
    await _run(script, session, f"{site}/links.html", "Open the opening hours page", events).run()
    second = script.seen("navigator")[1]
    assert SINCE not in second
    assert second.index("Steps already done:") < second.index("Page now:\n<page>URL: http://127.0.0.1") \
        < second.index("Title: Opening hours")


async def test_by_default_the_page_is_written_last_on_every_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_type_name, actions(done(""))])
    await _run(script, session, f"{site}/form.html", SIGN_UP, events, once=False).run()
    second = script.seen("navigator")[1]
    assert SINCE not in second and second.index("Steps already done:") < second.index("Page now:")


async def test_a_field_typed_into_since_the_look_is_written_again_with_its_value(
    session: BrowserSession, site: str, events: EventList
) -> None:
    since = await _since_typing(session, site, events)
    changed = since[since.index("Changed on the page:"):]
    assert 'value="Ada Lovelace"' in changed, "the look shows the field empty: its value now comes after it"
