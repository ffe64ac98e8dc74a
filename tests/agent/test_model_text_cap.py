"""Every text a model provides (reasons, answers, thoughts, questions) is capped once, where its
answer is parsed: a 100 KB give-up reason ends the run with 2,000 characters, not 100 KB."""

from __future__ import annotations

import io

from agent_support import EventList
from rich.console import Console
from script import Script, actions, done, give_up

from navwright.agent.decisions import PlannerReply
from navwright.agent.modelcall import TEXT_CAP, Caller, capped
from navwright.agent.run import Agent
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.console import ConsolePrinter, TeeSink
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel

HUGE = "the page refused. " * 6000  # about 100 KB


async def test_a_huge_give_up_reason_is_capped_before_it_is_printed_or_stored(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[lambda p: actions(done("looked"))], check=[give_up(HUGE)])
    out = io.StringIO()
    model = ScriptedModel(script)
    sink = TeeSink(events, ConsolePrinter(Console(file=out, width=100)))
    result = await Agent(
        TaskRequest(task="Find it", url=f"{site}/form.html"), Models.same(model), Tools(session),
        io=RunIO(sink=sink),
    ).run()  # fmt: skip
    assert result.status == "failed"
    assert result.error and len(result.error) <= TEXT_CAP and result.error.endswith("…")
    assert len(out.getvalue()) < 20_000
    assert all(len(e.model_dump_json()) < 20_000 for e in events.events)


async def test_the_caller_caps_every_string_of_a_parsed_answer() -> None:
    answer = {"decision": {"kind": "ask_user", "thought": "t" * 5000, "question": "q" * 5000, "ask": "data"}}
    caller = Caller(ScriptedModel([answer]), "planner", "r", lambda e: None)
    reply = await caller.ask([Message(role="user", content="?")], PlannerReply, max_tokens=10)
    decision = reply.decision
    assert len(decision.thought) == TEXT_CAP and len(decision.question) == TEXT_CAP  # type: ignore[union-attr]
    assert capped(reply) is reply  # already capped: nothing to cut
