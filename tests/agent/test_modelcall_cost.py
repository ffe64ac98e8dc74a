"""A model answer that does not fit its schema still cost its tokens and seconds: the caller's
ModelCalled event reports them (before, a cut answer was reported as 0 tokens in 0.0 s, and a bench's
model seconds left it out)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from navwright.agent.decisions import PlannerReply
from navwright.agent.events import ModelCalled
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.models.base import Completion, Message, ModelStats, Usage
from navwright.models.structured import StructuredOutputError

ASK = [Message(role="user", content="Plan the task.")]


class CutEveryTime:
    """A scripted model whose every answer was cut at its token limit."""

    name = "scripted-cut"

    def __init__(self) -> None:
        self.stats = ModelStats()

    async def complete(self, messages: list[Message], schema: type[BaseModel] | None = None, *,
                       max_tokens: int = 512, temperature: float = 0.0) -> Completion:
        spent = Completion(content='{"decision":{"kind":"web_st', seconds=21.5, model=self.name,
                           usage=Usage(prompt_tokens=900, completion_tokens=max_tokens, cached_tokens=400))
        raise StructuredOutputError("the answer was cut at max_tokens=20 before its JSON closed",
                                    completion=spent)


async def test_an_answer_cut_before_its_json_closed_reports_the_tokens_and_seconds_it_spent() -> None:
    events: list[ModelCalled] = []
    caller = Caller(CutEveryTime(), "planner", "r", events.append)
    with pytest.raises(BadAnswer, match="cut at max_tokens"):
        await caller.ask(ASK, PlannerReply, max_tokens=20)
    assert len(events) == 2  # the answer and its repair round
    assert all(not e.ok and e.prompt_tokens == 900 and e.reused_tokens == 400 and e.completion_tokens == 20
               and e.seconds == 21.5 for e in events)
