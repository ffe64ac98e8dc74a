"""Any OpenAI-compatible chat-completions server: OpenAI, vLLM, Ollama, llama.cpp's server, LM Studio.

Structured output uses `response_format: json_schema` with `strict: true`. A server that rejects it
(400 naming response_format / json_schema) is remembered, and from then on the schema goes into the
prompt, the answer is validated, and one repair round sends the validation error back. 429 and 5xx
are retried with exponential backoff, honouring Retry-After. Failures become one-line ModelErrors.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from typing import Any, Literal

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel

from navwright.models.base import Completion, Message, ModelError, ModelStats, Usage
from navwright.models.structured import (
    StructuredOutputError,
    parse_answer,
    schema_instructions,
    strict_schema,
)

Structured = Literal["auto", "strict", "prompt"]
_REJECTS_SCHEMA = re.compile(r"response_format|json_schema|structured", re.IGNORECASE)


class OpenAISettings(BaseModel):
    model: str
    base_url: str | None = None  # None: $OPENAI_BASE_URL, else OpenAI itself
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 120.0
    max_retries: int = 4
    backoff: float = 1.0  # first retry delay in seconds, doubled each time, capped at 30
    structured: Structured = "auto"


def _retry_after(err: openai.APIStatusError) -> float | None:
    value = err.response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def _status_line(err: openai.APIStatusError) -> str:
    message = err.message.splitlines()[0] if err.message else ""
    return message[:200]


class OpenAICompatModel:
    """ChatModel over AsyncOpenAI. The API key is read from the environment and never logged."""

    def __init__(self, settings: OpenAISettings) -> None:
        self.settings = settings
        self.name = f"openai:{settings.model}"
        self.stats = ModelStats()
        self._strict_ok = settings.structured != "prompt"
        self._token_param = "max_tokens"
        key = os.environ.get(settings.api_key_env)
        self._key_missing = not key
        self.client = AsyncOpenAI(
            api_key=key or "not-set",
            base_url=settings.base_url or os.environ.get("OPENAI_BASE_URL") or None,
            timeout=settings.timeout,
            max_retries=0,
        )

    @property
    def where(self) -> str:
        return str(self.client.base_url).rstrip("/")

    async def _create(self, **kwargs: Any) -> Any:
        """One chat-completions call with retries on 429 / 5xx / connection errors."""
        s = self.settings
        for attempt in range(s.max_retries + 1):
            last = attempt == s.max_retries
            delay = min(30.0, s.backoff * 2**attempt)
            try:
                return await self.client.chat.completions.create(model=s.model, **kwargs)
            except openai.AuthenticationError:
                hint = f"${s.api_key_env} is not set" if self._key_missing else f"check ${s.api_key_env}"
                raise ModelError(f"{self.where} rejected the API key (401); {hint}") from None
            except openai.NotFoundError as e:
                raise ModelError(f"{self.where} has no model {s.model!r} (404): {_status_line(e)}") from None
            except (openai.RateLimitError, openai.InternalServerError) as e:
                if last:
                    raise ModelError(
                        f"{self.where} kept failing ({e.status_code}) after {s.max_retries} retries: "
                        f"{_status_line(e)}"
                    ) from None
                wait = _retry_after(e)
                await asyncio.sleep(min(60.0, wait) if wait is not None else delay)
            except openai.APIConnectionError as e:
                if last:
                    kind = "timed out" if isinstance(e, openai.APITimeoutError) else "is unreachable"
                    raise ModelError(f"{self.where} {kind} after {s.max_retries} retries") from None
                await asyncio.sleep(delay)
            except openai.BadRequestError:
                raise
            except openai.APIStatusError as e:
                raise ModelError(f"{self.where} answered {e.status_code}: {_status_line(e)}") from None
            except openai.APIError as e:
                raise ModelError(f"{self.where} sent a reply we could not read: {str(e)[:200]}") from None
        raise ModelError(f"{self.where} failed")  # unreachable: the loop returns or raises

    async def _request(
        self, messages: list[Message], max_tokens: int, temperature: float, fmt: dict[str, Any] | None = None
    ) -> Completion:
        payload = [{"role": m.role, "content": m.content} for m in messages]
        extra: dict[str, Any] = {"response_format": fmt} if fmt is not None else {}
        start = time.perf_counter()
        try:
            resp = await self._create(
                messages=payload, temperature=temperature, **{self._token_param: max_tokens}, **extra
            )
        except openai.BadRequestError as e:
            if self._token_param == "max_tokens" and "max_completion_tokens" in e.message:
                self._token_param = "max_completion_tokens"  # newer OpenAI models renamed the limit
                return await self._request(messages, max_tokens, temperature, fmt)
            if fmt is not None and self.settings.structured == "auto" and _REJECTS_SCHEMA.search(e.message):
                raise _SchemaRejected from None
            raise ModelError(f"{self.where} refused the request (400): {_status_line(e)}") from None
        completion = Completion(
            content=_content(resp, self.where), usage=_usage(resp), seconds=time.perf_counter() - start,
            model=self.name,
        )  # fmt: skip
        self.stats.add(completion)
        return completion

    async def _structured(
        self, messages: list[Message], schema: type[BaseModel], max_tokens: int, temperature: float
    ) -> Completion:
        """Strict json_schema when the server takes it, else the schema in the prompt; one repair round."""
        fmt: dict[str, Any] | None = None
        asked = messages
        if self._strict_ok:
            name = re.sub(r"[^a-zA-Z0-9_-]", "_", schema.__name__)[:64]
            spec = {"name": name, "schema": strict_schema(schema), "strict": True}
            fmt = {"type": "json_schema", "json_schema": spec}
        else:
            last = messages[-1]
            hint = f"{last.content}\n\n{schema_instructions(schema)}"
            asked = [*messages[:-1], Message(role=last.role, content=hint)]
        try:
            first = await self._request(asked, max_tokens, temperature, fmt)
        except _SchemaRejected:
            self._strict_ok = False
            return await self._structured(messages, schema, max_tokens, temperature)
        try:
            first.parsed = parse_answer(first.content, schema)
            return first
        except StructuredOutputError as e:
            repair = Message(role="user", content=f"{e.detail} Reply with the corrected JSON object only.")
            retry = [*asked, Message(role="assistant", content=first.content), repair]
        again = await self._request(retry, max_tokens, temperature, fmt)
        again.parsed = parse_answer(again.content, schema)
        return again

    async def complete(
        self,
        messages: list[Message],
        schema: type[BaseModel] | None = None,
        *,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:
        if schema is None:
            return await self._request(messages, max_tokens, temperature)
        return await self._structured(messages, schema, max_tokens, temperature)


class _SchemaRejected(Exception):
    """The server refused `response_format: json_schema`."""


def _content(resp: Any, where: str) -> str:
    choices = getattr(resp, "choices", None)
    message = getattr(choices[0], "message", None) if choices else None
    if message is None:
        raise ModelError(f"{where} sent a malformed reply (no choices)")
    return str(message.content or "")


def _usage(resp: Any) -> Usage:
    usage = getattr(resp, "usage", None)
    if usage is None:
        return Usage()
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", 0) if details is not None else 0
    return Usage(
        prompt_tokens=usage.prompt_tokens or 0, completion_tokens=usage.completion_tokens or 0,
        cached_tokens=cached or 0,
    )  # fmt: skip
