"""A model that answers from a script, for unit tests and demos.

Answers are validated against the schema exactly like a real model's, so a wrong script fails the same
way a wrong model would.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from navwright.models.base import Completion, Message, ModelError, ModelStats, Usage
from navwright.models.structured import coerce_answer

Answer = str | dict[str, object] | BaseModel
AnswerFn = Callable[[list[Message], type[BaseModel] | None], Answer]


def _as_text(answer: Answer) -> str:
    if isinstance(answer, str):
        return answer
    if isinstance(answer, BaseModel):
        return answer.model_dump_json()
    return json.dumps(answer)


def rough_tokens(text: str) -> int:
    """About four characters a token: good enough for accounting in tests."""
    return max(1, len(text) // 4)


class ScriptedModel:
    """Returns the scripted answers in order (or asks `answers(messages, schema)` each time).

    `seen` keeps every (messages, schema) it was called with, for assertions.
    """

    def __init__(self, answers: Sequence[Answer] | AnswerFn, name: str = "scripted") -> None:
        self._script: list[Answer] | None = None if callable(answers) else list(answers)
        self._fn: AnswerFn | None = answers if callable(answers) else None
        self.name = name
        self.stats = ModelStats()
        self.seen: list[tuple[list[Message], type[BaseModel] | None]] = []

    def _next(self, messages: list[Message], schema: type[BaseModel] | None) -> Answer:
        if self._fn is not None:
            return self._fn(messages, schema)
        assert self._script is not None
        if not self._script:
            answered = len(self.seen) - 1
            raise ModelError(f"scripted model {self.name!r} ran out of answers after {answered} calls")
        return self._script.pop(0)

    @property
    def remaining(self) -> int:
        return len(self._script) if self._script is not None else 0

    async def complete(
        self,
        messages: list[Message],
        schema: type[BaseModel] | None = None,
        *,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:
        self.seen.append((list(messages), schema))
        answer = self._next(messages, schema)
        text = _as_text(answer)
        prompt = sum(rough_tokens(m.content) for m in messages)
        usage = Usage(prompt_tokens=prompt, completion_tokens=rough_tokens(text))
        completion = Completion(content=text, usage=usage, model=self.name)
        self.stats.add(completion)
        if schema is not None:
            completion.parsed = coerce_answer(answer, schema)
        return completion
