"""What the navigator's first reply schema let an action name on a fixture page, by label: the tests
of the menu's rules (agent/menuholds.py) read it."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, element_refs, finish
from test_agent_flow import agent_for

from navwright.agent.settings import RunSettings
from navwright.browser.session import BrowserSession


async def offered_labels(session: BrowserSession, url: str, events: EventList, task: str,
                         settings: RunSettings, answer: str = "done") -> set[str]:
    """The labels the first navigator call could name, on `url`, for `task`."""
    script = Script(navigator=[actions(done(answer))] * 4, planner=[finish(answer)] * 4)
    await agent_for(script, session, url, events, settings, task=task).run()
    return {ref.rsplit(" #", 1)[0] for ref in element_refs(script, "navigator")[0]}


async def held_unless_off(session: BrowserSession, url: str, events: EventList, task: str, rule: str,
                          held: str, kept: str) -> None:
    """With every rule, the first navigator call may name `kept` and not `held`; without `rule`, `held`."""
    on = await offered_labels(session, url, events, task, RunSettings(reader=False))
    assert kept in on and held not in on, on
    events.events.clear()
    off = await offered_labels(session, url, events, task, RunSettings(reader=False, without=[rule]))
    assert held in off, off
