"""A change that names one option of one list has it chosen by code, the list's own radio picked first
when the list waits for it (agent/choosing.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid

from navwright.agent.choosing import named_choice
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.request import read
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel

CLOSE = "Close ticket #26 with the resolution wontfix."


async def test_the_named_option_is_chosen_after_its_radio(
    session: BrowserSession, site: str, events: EventList
) -> None:
    seen: list[str] = []

    def submit(prompt: str) -> dict[str, object]:
        seen.append(prompt)
        return actions({"name": "click", "element": eid(prompt, "Submit changes")}, done("closed"))

    script = Script(navigator=[submit])
    request = TaskRequest(task=CLOSE, url=f"{site}/ticket_modify.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert await session.page.inner_text("#status") == "closed (wontfix)", events.dump()
    done_actions = [e.action for e in events.of("action_done")]  # type: ignore[attr-defined]
    assert done_actions[:2] == ["click", "select_option"]


def test_no_option_is_chosen_when_two_lists_have_one_the_request_says() -> None:
    lists = [ElementInfo(id="1", role="select", name="Type:", value="task", options=["defect", "task"]),
             ElementInfo(id="2", role="select", name="Component:", value="docs", options=["docs", "broker"])]
    task = parse("File a defect for the broker")
    assert named_choice(read("", task), lists, set()) is None
    assert named_choice(read("", parse("File it for the broker")), lists, set()) == (
        "select_option", {"element": "2", "option": "broker"})
