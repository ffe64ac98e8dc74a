"""A person in control: questions, confirmation, secrets, pause/resume/edit/stop."""

from __future__ import annotations

import asyncio

from agent_support import EventList
from pydantic import BaseModel
from script import Script, actions, ask, done, eid, finish, give_up, web_step

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.user import QueueUser
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.base import Completion, Message, ModelStats
from navwright.models.scripted import ScriptedModel

BUY = "Buy the blue mug"
MODEL_FIRST = RunSettings(plan_first="model")


def buy_script() -> Script:
    return Script(
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Buy now")}, done("bought"))],
        check=[finish("Ordered the blue mug.")],
    )


async def orders(session: BrowserSession) -> int:
    return int(await session.page.evaluate("window.orders || 0"))


async def test_the_confirmation_gate_stops_a_purchase_without_approval(
    session: BrowserSession, site: str, events: EventList
) -> None:
    model = ScriptedModel(buy_script())
    agent = Agent(
        TaskRequest(task=BUY, url=f"{site}/buy.html"), Models.same(model), Tools(session),
        io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "needs_user"
    assert result.error is not None and 'button "Buy now"' in result.error and "--yes" in result.error
    assert await orders(session) == 0
    assert events.of("user_asked")[0].kind == "confirm"  # type: ignore[attr-defined]


async def test_yes_approves_the_purchase(session: BrowserSession, site: str, events: EventList) -> None:
    model = ScriptedModel(buy_script())
    agent = Agent(
        TaskRequest(task=BUY, url=f"{site}/buy.html"), Models.same(model), Tools(session),
        settings=RunSettings(yes=True), io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "success" and await orders(session) == 1


async def test_a_declined_purchase_is_not_made(session: BrowserSession, site: str, events: EventList) -> None:
    script = buy_script()
    script.answers.setdefault("planner", []).append(
        {"decision": {"kind": "give_up", "thought": "declined", "reason": "you declined the purchase"}}
    )
    model = ScriptedModel(script)
    user = QueueUser()
    user.answer("no")
    agent = Agent(
        TaskRequest(task=BUY, url=f"{site}/buy.html"), Models.same(model), Tools(session),
        io=RunIO(sink=events, user=user),
    )
    result = await agent.run()
    assert result.status == "failed" and await orders(session) == 0
    assert "declined" in script.seen("planner")[0]


async def test_the_model_flag_alone_on_a_product_page_does_not_stop_the_run(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Save for later"), "risky": True})],
    )
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task="Save the mug", url=f"{site}/buy.html"), Models.same(model), Tools(session),
        io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status != "needs_user"  # issue 13 item 6: the model's flag alone asks nothing
    assert [e.action for e in events.of("action_done")] == ["click"]  # type: ignore[attr-defined]


async def test_missing_data_is_asked_for_and_used(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        planner=[ask("What name should I sign up with?"), web_step("Sign up as Grace")],
        navigator=[
            lambda p: actions(
                {"name": "type_text", "element": eid(p, "Your name"), "text": "Grace"},
                {"name": "click", "element": eid(p, "Sign up")},
                done(),
            )
        ],
        check=[finish("Signed up as Grace.")],
    )
    model = ScriptedModel(script)
    user = QueueUser()
    user.answer("Grace")
    agent = Agent(
        TaskRequest(task="Sign me up", url=f"{site}/form.html"), Models.same(model), Tools(session),
        settings=MODEL_FIRST, io=RunIO(sink=events, user=user),
    )
    result = await agent.run()
    assert result.status == "success"
    assert "The person answered: Grace" in script.seen("planner")[1]
    states = [e.state for e in events.of("state_changed")]  # type: ignore[attr-defined]
    assert states[:3] == ["running", "waiting_for_user", "running"] and states[-1] == "finished"


async def test_without_anyone_to_answer_the_run_needs_user(
    session: BrowserSession, site: str, events: EventList
) -> None:
    model = ScriptedModel(Script(planner=[ask("What is your delivery address?")]))
    agent = Agent(
        TaskRequest(task="Order a mug", url=f"{site}/buy.html"), Models.same(model), Tools(session),
        settings=MODEL_FIRST, io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "needs_user" and result.error == "What is your delivery address?"


async def test_the_person_is_not_asked_the_question_they_asked(
    session: BrowserSession, site: str, events: EventList
) -> None:
    task = "What is the price of the blue mug, and when was it last restocked?"
    script = Script(planner=[ask("When was the blue mug last restocked?"),
                             give_up("the page does not say when the mug was restocked")])
    agent = Agent(
        TaskRequest(task=task, url=f"{site}/buy.html"), Models.same(ScriptedModel(script)), Tools(session),
        settings=MODEL_FIRST, io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "failed" and "restocked" in (result.error or "")
    assert events.of("user_asked") == []
    assert "that is what they asked you" in script.seen("planner")[1]


async def test_secrets_never_reach_the_model_or_the_events(
    session: BrowserSession, site: str, events: EventList
) -> None:
    secret = "tulip-4471"
    script = Script(
        navigator=[
            lambda p: actions(
                {"name": "type_text", "element": eid(p, "User"), "text": "ada"},
                {"name": "type_text", "element": eid(p, "Access code"), "text": "{{CODE}}"},
                {"name": "click", "element": eid(p, "Enter")},
            ),
            lambda p: actions(done(f"the page says {'Welcome back' if 'Welcome back' in p else 'no'}")),
        ],
        check=[finish("You are in.")],
    )
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task="Enter the members area as ada", url=f"{site}/login.html", secrets={"CODE": secret}),
        Models.same(model), Tools(session), io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "success", result
    assert await session.page.input_value("#code") == secret, "the type skill typed the real value"
    assert "Secrets you can type as written: {{CODE}}" in script.seen("navigator")[0]
    assert all(secret not in prompt for _, prompt in script.prompts)
    assert secret not in events.dump() and secret not in result.model_dump_json()
    assert "{{CODE}}" in events.dump()


class Gated:
    """A model stand-in that waits for the test to let each answer through."""

    def __init__(self, inner: ScriptedModel) -> None:
        self.inner, self.name, self.stats = inner, "gated", ModelStats()
        self.waiting = asyncio.Event()
        self.gate = asyncio.Event()

    async def complete(
        self,
        messages: list[Message],
        schema: type[BaseModel] | None = None,
        *,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:
        self.waiting.set()
        await self.gate.wait()
        self.gate.clear()
        self.waiting.clear()
        return await self.inner.complete(messages, schema, max_tokens=max_tokens)


async def test_pause_resume_and_edit_while_running(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        planner=[web_step("Find the price of the mug"), web_step("Save the mug for later")],
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Save for later")}, done())],
        check=[finish("Saved for later.")],
    )
    model = Gated(ScriptedModel(script))
    agent = Agent(
        TaskRequest(task="Find the price of the mug", url=f"{site}/buy.html"), Models.same(model),
        Tools(session), settings=MODEL_FIRST, io=RunIO(sink=events),
    )
    task = asyncio.create_task(agent.run())
    await asyncio.wait_for(model.waiting.wait(), 20)
    agent.pause()
    assert agent.state == "paused"
    model.gate.set()  # the planner's first answer arrives while paused
    await asyncio.sleep(0.3)
    assert not events.of("step_started"), "nothing moves while paused"
    agent.edit_task("Save the mug for later")
    agent.resume()
    for _ in range(4):  # planner (re-plans for the edited task), reader, navigator, check
        await asyncio.wait_for(model.waiting.wait(), 20)
        model.gate.set()
    result = await asyncio.wait_for(task, 20)
    assert result.status == "success" and result.steps == 1
    assert "The person changed the request to: Save the mug for later" in script.seen("planner")[1]
    assert await session.page.inner_text("#out") == "Saved for later"
    states = [e.state for e in events.of("state_changed")]  # type: ignore[attr-defined]
    assert states[:3] == ["running", "paused", "running"]
    assert events.of("task_edited")


async def test_stop_ends_a_run_that_waits_for_the_model(
    session: BrowserSession, site: str, events: EventList
) -> None:
    model = Gated(ScriptedModel(Script(planner=[web_step("anything")])))
    agent = Agent(
        TaskRequest(task="anything", url=f"{site}/buy.html"), Models.same(model), Tools(session),
        settings=MODEL_FIRST, io=RunIO(sink=events),
    )
    task = asyncio.create_task(agent.run())
    await asyncio.wait_for(model.waiting.wait(), 20)
    agent.stop()
    result = await asyncio.wait_for(task, 5)
    assert result.status == "stopped" and agent.state == "stopped"
