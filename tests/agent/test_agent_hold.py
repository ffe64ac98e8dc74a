"""A pause or an edit does not wait for the model: the call in flight is cancelled at once (within a
second) and made again after resume, or made anew for the edited task; nothing is lost."""

from __future__ import annotations

import asyncio
import time

import pytest
from agent_support import EventList
from pydantic import BaseModel
from script import ROLES, Script, actions, done, eid, finish, web_step

from navwright.agent.control import Held, RunControl
from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.base import Completion, Message, ModelError, ModelStats
from navwright.models.embedded import EmbeddedModel
from navwright.models.factory import ModelPool, make_model
from navwright.models.scripted import ScriptedModel

MODEL_FIRST = RunSettings(plan_first="model")
SAVE = "Save the mug for later"


class Hanging:
    """A model stand-in whose first call for one role hangs until it is cancelled (a long prompt on a
    slow CPU); every other call is answered by the script."""

    def __init__(self, script: Script, role: str) -> None:
        self.inner, self.name, self.stats = ScriptedModel(script), "hanging", ModelStats()
        self.role = role
        self.hanging = asyncio.Event()
        self.cancelled = asyncio.Event()
        self.prompts: list[tuple[str, str]] = []

    async def complete(
        self, messages: list[Message], schema: type[BaseModel] | None = None, *, max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:  # fmt: skip
        role = ROLES.get(schema.__name__ if schema else "", "other")
        self.prompts.append((role, messages[-1].content))
        if role == self.role and not self.cancelled.is_set():
            self.hanging.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.cancelled.set()
                raise
        return await self.inner.complete(messages, schema, max_tokens=max_tokens)

    def asked(self, role: str) -> list[str]:
        return [p for r, p in self.prompts if r == role]


def save_script(*planner: str) -> Script:
    return Script(
        planner=[web_step(p) for p in planner],
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Save for later")}, done())],
        check=[finish("Saved for later.")],
    )


def agent(session: BrowserSession, site: str, model: Hanging, task: str, events: EventList) -> Agent:
    return Agent(TaskRequest(task=task, url=f"{site}/buy.html"), Models.same(model), Tools(session),
                 settings=MODEL_FIRST, io=RunIO(sink=events))


async def test_a_pause_cancels_the_model_call_at_once_and_resume_makes_it_again(
    session: BrowserSession, site: str, events: EventList
) -> None:
    model = Hanging(save_script(SAVE), "planner")
    run = agent(session, site, model, SAVE, events)
    task = asyncio.create_task(run.run())
    await asyncio.wait_for(model.hanging.wait(), 20)
    run.pause()
    await asyncio.wait_for(model.cancelled.wait(), 1.0)  # not after the model's whole prompt
    await asyncio.sleep(0.3)
    assert run.state == "paused" and len(model.asked("planner")) == 1, "no call is made while paused"
    run.resume()
    result = await asyncio.wait_for(task, 20)
    assert result.status == "success", result
    first, again = model.asked("planner")
    assert again == first, "the same call is made again: nothing is lost"
    assert not events.of("task_edited")


async def edited_while_hanging(model: Hanging, session: BrowserSession, site: str,
                               events: EventList) -> RunResult:
    """Run "Find the price of the mug", edit it to SAVE while `model`'s call hangs: the call is
    cancelled within a second and the run goes on for the edited task."""
    run = agent(session, site, model, "Find the price of the mug", events)
    task = asyncio.create_task(run.run())
    await asyncio.wait_for(model.hanging.wait(), 20)
    run.edit_task(SAVE)
    await asyncio.wait_for(model.cancelled.wait(), 1.0)
    result = await asyncio.wait_for(task, 20)
    assert result.status == "success", result
    assert f"The person changed the request to: {SAVE}" in model.asked("planner")[1]
    assert await session.page.inner_text("#out") == "Saved for later"
    return result


async def test_an_edit_cancels_the_planners_call_at_once_and_it_plans_for_the_edited_task(
    session: BrowserSession, site: str, events: EventList
) -> None:
    result = await edited_while_hanging(Hanging(save_script(SAVE), "planner"), session, site, events)
    assert result.steps == 1


async def test_an_edit_cancels_the_navigators_call_at_once_and_the_step_is_planned_anew(
    session: BrowserSession, site: str, events: EventList
) -> None:
    model = Hanging(save_script("Find the price of the mug", SAVE), "navigator")
    await edited_while_hanging(model, session, site, events)
    first, _ = events.of("step_finished")
    assert first.summary.startswith("interrupted")  # type: ignore[attr-defined]


@pytest.mark.embedded
async def test_a_pause_lets_go_of_the_embedded_model_within_a_second_while_it_reads_its_prompt() -> None:
    try:
        model = make_model("embedded", ModelPool(progress=False))
    except ModelError as e:
        pytest.skip(f"embedded model unavailable: {e}")
    assert isinstance(model, EmbeddedModel)
    await model.complete([Message(role="user", content="Say OK.")], max_tokens=2)  # weights loaded
    model.runner.forget_prefix()
    control = RunControl("r", "t", lambda event: None)
    page = "\n".join(f'[{i}] link "Item {i}: a kettle that costs {i * 3} dollars"' for i in range(120))
    call = asyncio.ensure_future(Held(model, control).complete([Message(role="user", content=page)],
                                                               max_tokens=4))
    await asyncio.sleep(1.5)
    assert model.runner.lock.locked() and not call.done()  # still reading the ~1,700-token prompt
    paused = time.perf_counter()
    control.pause()
    while model.runner.lock.locked() and time.perf_counter() - paused < 30:
        await asyncio.sleep(0.01)
    assert time.perf_counter() - paused < 1.0 and not call.done()
    control.resume()  # the call is made again, and answers
    assert (await asyncio.wait_for(call, 120)).usage.prompt_tokens > 1000
