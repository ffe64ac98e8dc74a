"""What a small model's batch gets from the page and what is done with it: the person's profile is
there when a form asks for it, and the same action written again after it changed nothing runs once."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, eid

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

PROFILE = "Name: Dana Whitfield. Home address: 14 Elm Street, Portland."
GIVE_UP = {"name": "finish", "status": "failed", "answer": "stopping here"}


def _run(script: Script, session: BrowserSession, url: str, events: EventList) -> Agent:
    settings = RunSettings(profile=PROFILE, reader=False)
    return Agent(TaskRequest(task="Choose standard shipping and stop", url=url),
                 Models.same(ScriptedModel(script)), Tools(session), settings, RunIO(sink=events))


async def test_a_click_written_five_times_that_changed_nothing_after_the_first_runs_once(
    session: BrowserSession, site: str, events: EventList
) -> None:
    standard = lambda p: {"name": "click", "element": eid(p, "Standard")}  # noqa: E731
    script = Script(navigator=[lambda p: actions(*[standard(p)] * 5), actions(GIVE_UP)],
                    planner=[{"decision": {"kind": "give_up", "thought": "x", "reason": "test over"}}])
    await _run(script, session, f"{site}/shipping.html", events).run()
    clicks = [e for e in events.of("action_done") if e.action == "click"]  # type: ignore[attr-defined]
    assert len(clicks) == 2, events.dump()  # the second changed nothing: the other three are skipped
    assert await session.page.is_checked("input[value=std]")
    assert "same result" not in events.dump()


async def test_the_person_s_profile_is_shown_on_a_page_with_a_form_and_only_there(
    session: BrowserSession, site: str, events: EventList
) -> None:
    stop = Script(navigator=[actions(GIVE_UP)],
                  planner=[{"decision": {"kind": "give_up", "thought": "x", "reason": "test over"}}])
    await _run(stop, session, f"{site}/shipping.html", events).run()
    assert "About the person: Name: Dana Whitfield" in stop.seen("navigator")[0]
    plain = Script(navigator=[actions(GIVE_UP)],
                   planner=[{"decision": {"kind": "give_up", "thought": "x", "reason": "test over"}}])
    await _run(plain, session, f"{site}/buy.html", events).run()
    assert "About the person" not in plain.seen("navigator")[0]
