"""One model call with the agent's rules: accounted, evented, repaired once when the answer is invalid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

from pydantic import BaseModel, ValidationError

from navwright.agent.events import ModelCalled
from navwright.agent.text.refusals import answer_invalid
from navwright.models.base import ChatModel, Completion, Message, ModelError, ModelUnavailable
from navwright.models.structured import StructuredOutputError

M = TypeVar("M", bound=BaseModel)
TEXT_CAP = 2000
"""The most characters of any one text a model provides (reasons, answers, thoughts, questions)."""
Role = Literal["planner", "navigator", "reader", "verifier"]


class BadAnswer(Exception):
    """The model's answer stayed invalid after one repair attempt."""


@dataclass
class Caller:
    """Calls a model for one role and reports every call as a ModelCalled event."""

    model: ChatModel
    role: Role
    run_id: str
    emit: Callable[[ModelCalled], None]
    mask: Callable[[str], str] | None = None
    """Applied to every message before the model sees it (the run's secret masker)."""

    async def ask(self, messages: list[Message], schema: type[M], *, max_tokens: int) -> M:
        if self.mask is not None:
            messages = [m.model_copy(update={"content": self.mask(m.content)}) for m in messages]
        error = await self._try(messages, schema, max_tokens)
        if isinstance(error, BaseModel):
            return error
        repair = [
            *messages,
            Message(role="user", content=answer_invalid(error)),
        ]
        second = await self._try(repair, schema, max_tokens)
        if isinstance(second, BaseModel):
            return second
        raise BadAnswer(f"the {self.role} model gave no valid answer ({second})")

    async def _try(self, messages: list[Message], schema: type[M], max_tokens: int) -> M | str:
        try:
            completion = await self.model.complete(messages, schema, max_tokens=max_tokens)
        except ModelUnavailable as exc:  # asking again (a repair round) would only wait again
            self._event(None, str(exc))
            raise BadAnswer(f"the {self.role} model is not available: {short(str(exc))}") from None
        except ModelError as exc:  # an answer that did not fit still cost its tokens and seconds
            self._event(exc.completion if isinstance(exc, StructuredOutputError) else None, str(exc))
            return short(str(exc))
        parsed = completion.parsed
        if not isinstance(parsed, schema):
            try:
                parsed = schema.model_validate_json(completion.content)
            except ValidationError as exc:
                message = short(_first_error(exc))
                self._event(completion, message)
                return message
        self._event(completion, None)
        return capped(parsed)

    def _event(self, completion: Completion | None, error: str | None) -> None:
        usage = completion.usage if completion else None
        self.emit(
            ModelCalled(
                run_id=self.run_id,
                role=self.role,
                model=(completion.model if completion and completion.model else self.model.name),
                prompt_tokens=usage.prompt_tokens if usage else 0,
                completion_tokens=usage.completion_tokens if usage else 0,
                reused_tokens=usage.cached_tokens if usage else 0,
                seconds=completion.seconds if completion else 0.0,
                ok=error is None,
                error=error,
            )
        )


def capped(answer: M, limit: int = TEXT_CAP) -> M:
    """`answer` with every string longer than `limit` cut to `limit` characters (ending in "…")."""
    data = answer.model_dump()
    cut = _cap_tree(data, limit)
    return answer if cut == data else type(answer).model_validate(cut)


def _cap_tree(value: object, limit: int) -> object:
    if isinstance(value, str):
        return value if len(value) <= limit else value[: limit - 1] + "…"
    if isinstance(value, dict):
        return {k: _cap_tree(v, limit) for k, v in value.items()}
    if isinstance(value, list):
        return [_cap_tree(v, limit) for v in value]
    return value


def _first_error(exc: ValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return str(exc)
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    return f"{where}: {first.get('msg', '')}" if where else str(first.get("msg", ""))


def short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
