"""A batch ends before an action it already holds (`no_repeat`, agent/repeats.py): the 1.5B model loops
inside one answer, and what it writes again would run on a page it has not seen since."""

from __future__ import annotations

import json

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.batchend import BatchEnd
from navwright.agent.repeats import first_repeat
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills import default_registry
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel

ELEMENTS = {e.id: e for e in [
    ElementInfo(id="3", role="button", name="+"),
    ElementInfo(id="4", role="checkbox", name="Gift wrap"),
    ElementInfo(id="5", role="button", name="Add"),
]}
PLUS = {"name": "click", "element": "+ #3"}
BOX = {"name": "click", "element": "Gift wrap #4"}
ADD = {"name": "click", "element": "Add #5"}


def _prefix(*items: dict[str, object]) -> str:
    return '{"actions":[' + ",".join(json.dumps(a) for a in items)


def _end(repeats_end: bool = True) -> BatchEnd:
    return BatchEnd(dict(default_registry().skills), ELEMENTS, "http://127.0.0.1:8000/cart",
                    repeats_end=repeats_end)


def test_the_first_action_written_again_is_where_the_batch_ends() -> None:
    assert first_repeat(["a", "b", "a", "c"], [False] * 4) == 2
    assert first_repeat(["a", "b", "c"], [False] * 3) is None
    assert first_repeat(["box", "box"], [False, False]) == 1  # a box clicked twice unticks itself


def test_a_run_of_presses_on_one_button_counts_up_until_another_action_comes_between() -> None:
    assert first_repeat(["+", "+", "+"], [True] * 3) is None
    assert first_repeat(["+", "x", "+"], [True, False, True]) == 2


def test_the_embedded_models_answer_closes_before_the_action_it_repeats() -> None:
    closed = _end().closed(_prefix(ADD, BOX, ADD))
    assert closed is not None and json.loads(closed) == {"actions": [ADD, BOX]}
    twice = _end().closed(_prefix(BOX, BOX))
    assert twice is not None and json.loads(twice) == {"actions": [BOX]}
    assert _end().closed(_prefix(PLUS, PLUS, PLUS)) is None  # counting up: the model may go on
    assert _end(repeats_end=False).closed(_prefix(ADD, BOX, ADD)) is None


def test_the_menu_leaves_repeats_written_when_no_repeat_is_switched_off() -> None:
    from navwright.agent.menus import step_menu
    from navwright.agent.step import StepState
    from navwright.browser.types import Observation
    from navwright.models.base import closer

    obs = Observation(url="http://127.0.0.1:8000/cart", title="Cart", mode="all", text="",
                      elements=list(ELEMENTS.values()))
    skills = list(default_registry().skills.values())
    for settings, cut in ((RunSettings(), True), (RunSettings(without=["no_repeat"]), False)):
        closes = closer(step_menu(obs, StepState(), skills, [], settings, uploads=False).reply)
        assert closes is not None and (closes(_prefix(ADD, BOX, ADD)) is not None) is cut


async def _ticked_after_a_looping_batch(session: BrowserSession, site: str, events: EventList,
                                        settings: RunSettings) -> list[str]:
    def loop(prompt: str) -> dict[str, object]:
        first = {"name": "click", "element": eid(prompt, "Select order MCPKL")}
        other = {"name": "click", "element": eid(prompt, "Select order QX7P2")}
        return actions(first, other, first)

    script = Script(planner=[finish("both orders are selected")], navigator=[
        loop, actions(done("both orders are selected")), actions(done("both orders are selected"))])
    agent = Agent(TaskRequest(task="Select the orders on this page.", url=f"{site}/orders_bulk.html"),
                  Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events),
                  settings=settings)
    await agent.run()
    ticked: list[str] = await session.page.evaluate(
        "[...document.querySelectorAll('#bulk input:checked')].map(b => b.value)")
    return ticked


async def test_a_batch_that_comes_back_to_a_box_does_not_untick_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    assert await _ticked_after_a_looping_batch(session, site, events, RunSettings()) == ["MCPKL", "QX7P2"]


async def test_without_no_repeat_the_batch_runs_its_repeat_and_unticks_the_box(
    session: BrowserSession, site: str, events: EventList
) -> None:
    ticked = await _ticked_after_a_looping_batch(session, site, events, RunSettings(without=["no_repeat"]))
    assert ticked == ["QX7P2"]
