"""The one interface every model call goes through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

Role = Literal["system", "user", "assistant"]


class Message(BaseModel):
    role: Role
    content: str


class EndsEarly(BaseModel):
    """A reply schema whose answer may end before the model would end it. `closes(prefix)` is the whole
    answer when what the model wrote so far (`prefix`) already holds all of it that will be used, else
    None. A backend that decodes token by token (the embedded model, greedy) asks after each token
    once the answer holds a closing brace, and stops there; the others send the whole answer as the
    model wrote it."""

    closes: ClassVar[Callable[[str], str | None] | None] = None


def closer(schema: type[BaseModel] | None) -> Callable[[str], str | None] | None:
    """The schema's `closes`, when it has one."""
    return schema.closes if schema is not None and issubclass(schema, EndsEarly) else None


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0


class Completion(BaseModel):
    """One model answer. `parsed` is the validated object when a schema was given."""

    model_config = {"arbitrary_types_allowed": True}

    content: str
    parsed: Any = None
    usage: Usage = Field(default_factory=Usage)
    seconds: float = 0.0
    model: str = ""


class ModelStats(BaseModel):
    """Running totals a benchmark or the agent can read."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    seconds: float = 0.0

    def add(self, c: Completion) -> None:
        self.calls += 1
        self.prompt_tokens += c.usage.prompt_tokens
        self.completion_tokens += c.usage.completion_tokens
        self.cached_tokens += c.usage.cached_tokens
        self.seconds += c.seconds


class ModelError(Exception):
    """A model call failed; the message is one line a user can act on."""


class ModelUnavailable(ModelError):
    """The model server cannot be reached, timed out or kept failing: asking again will not help."""


@runtime_checkable
class ChatModel(Protocol):
    """`complete(messages, schema)` returns a Completion; with a schema, `parsed` is an instance of it."""

    name: str
    stats: ModelStats

    async def complete(
        self,
        messages: list[Message],
        schema: type[BaseModel] | None = None,
        *,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion: ...
