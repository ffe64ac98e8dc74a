"""A run given its day (RunSettings.today) types the dates it is told with no year as days of that run,
the same day the planner is told, not the machine's (`SkillContext.today`)."""

from __future__ import annotations

import datetime as dt

from agent_support import EventList
from script import Script, actions, done, eid, finish
from test_agent_truthful import _agent

from navwright.agent.settings import RunSettings
from navwright.browser.session import BrowserSession

TASK = "Search the trains from Lyon to Milan on 20 March."


def _type_the_day() -> Script:
    def search(prompt: str) -> dict[str, object]:
        typed = [{"name": "type_text", "element": eid(prompt, label), "text": text}
                 for label, text in (("From", "Lyon"), ("To", "Milan"), ("Date", "20 March"))]
        return actions(*typed, {"name": "click", "element": eid(prompt, "Search trains")})

    return Script(navigator=[search, actions(done("The trains of 20 March are listed"))],
                  check=[finish("The trains of 20 March are listed")])


async def test_a_day_with_no_year_is_typed_as_a_day_of_the_run_s_own_year(
    session: BrowserSession, site: str, events: EventList
) -> None:
    settings = RunSettings(reader=False, screenshots=False, today=dt.date(2020, 1, 10))
    await _agent(_type_the_day(), session, f"{site}/rail_home.html", TASK, events, settings).run()
    typed = [e for e in events.of("action_done") if e.action == "type_text"]  # type: ignore[attr-defined]
    assert len(typed) == 3 and "2020-03-20" in typed[2].result, events.dump()  # type: ignore[attr-defined]


async def test_the_planner_is_told_the_same_day_the_skills_use(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = _type_the_day()
    settings = RunSettings(reader=False, screenshots=False, today=dt.date(2020, 1, 10))
    await _agent(script, session, f"{site}/rail_home.html", TASK, events, settings).run()
    checks = script.seen("check")
    assert checks and all("Today: 2020-01-10\n" in p for p in checks), events.dump()
