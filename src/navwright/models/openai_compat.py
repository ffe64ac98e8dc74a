"""Any OpenAI-compatible chat-completions server: OpenAI, vLLM, Ollama, llama.cpp's server, LM Studio.

Structured output uses `response_format: json_schema` with `strict: true`. A server that rejects it
(400 naming response_format / json_schema) is remembered, and from then on the schema goes into the
prompt, the answer is validated, and one repair round sends the validation error back.

Every call is bounded: `connect_timeout` to reach the server, `timeout` for its answer. A refused
connection, 429 and 5xx are retried `max_retries` times with exponential backoff (honouring
Retry-After up to 30 s), each retry reported through `progress`; a timeout is not retried. A server
found unavailable fails the next calls at once for `down_s` seconds (ModelUnavailable), so a run
does not wait on a dead server once per call. Failures become one-line ModelErrors naming the server.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import time
from collections.abc import Callable
from typing import Any, Literal

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel

from navwright.models.base import Completion, Message, ModelError, ModelStats, ModelUnavailable, Usage
from navwright.models.structured import (
    StructuredOutputError,
    parse_answer,
    schema_instructions,
    strict_schema,
)

Structured = Literal["auto", "strict", "prompt"]
_REJECTS_SCHEMA = re.compile(r"response_format|json_schema|structured", re.IGNORECASE)
log = logging.getLogger(__name__)
Progress = Callable[[str], None]


class OpenAISettings(BaseModel):
    model: str
    base_url: str | None = None  # None: $OPENAI_BASE_URL, else OpenAI itself
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 120.0  # seconds to wait for the answer (read timeout)
    connect_timeout: float = 10.0  # seconds to reach the server
    max_retries: int = 2
    backoff: float = 1.0  # first retry delay in seconds, doubled each time, capped at 30
    down_s: float = 30.0  # after the server was found unavailable, fail at once for this long
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

    def __init__(self, settings: OpenAISettings, *, progress: Progress | None = None) -> None:
        """`progress` hears each retry in words (default: a warning on the `navwright` log, which
        Python prints on stderr when logging is not configured)."""
        self.settings = settings
        self.progress: Progress = progress or log.warning
        self._down_until = 0.0
        self._down_reason = ""
        self.name = f"openai:{settings.model}"
        self.stats = ModelStats()
        self._strict_ok = settings.structured != "prompt"
        self._token_param = "max_tokens"
        key = os.environ.get(settings.api_key_env)
        self._key_missing = not key
        self.client = AsyncOpenAI(
            api_key=key or "not-set",
            base_url=settings.base_url or os.environ.get("OPENAI_BASE_URL") or None,
            timeout=openai.Timeout(settings.timeout, connect=settings.connect_timeout),
            max_retries=0,
        )

    @property
    def where(self) -> str:
        return str(self.client.base_url).rstrip("/")

    async def _create(self, **kwargs: Any) -> Any:
        """One chat-completions call, bounded in time, retried on refused connections / 429 / 5xx."""
        if time.monotonic() < self._down_until:
            raise ModelUnavailable(self._down_reason)
        try:
            return await self._attempts(**kwargs)
        except ModelUnavailable as e:
            self._down_until = time.monotonic() + self.settings.down_s
            self._down_reason = str(e)
            raise

    async def _attempts(self, **kwargs: Any) -> Any:
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
                    raise ModelUnavailable(
                        f"{self.where} kept failing ({e.status_code}) after {s.max_retries} retries: "
                        f"{_status_line(e)}"
                    ) from None
                wait = _retry_after(e)
                await self._retry(f"answered {e.status_code}", attempt, min(30.0, wait) if wait else delay)
            except openai.APITimeoutError as e:
                raise ModelUnavailable(self._timed_out(e)) from None
            except openai.APIConnectionError as e:
                if last:
                    raise ModelUnavailable(
                        f"{self.where} is unreachable ({_cause(e)}) after {s.max_retries} retries"
                    ) from None
                await self._retry(f"is unreachable ({_cause(e)})", attempt, delay)
            except openai.BadRequestError:
                raise
            except openai.APIStatusError as e:
                raise ModelError(f"{self.where} answered {e.status_code}: {_status_line(e)}") from None
            except openai.APIError as e:
                raise ModelError(f"{self.where} sent a reply we could not read: {str(e)[:200]}") from None
            except json.JSONDecodeError as e:  # the SDK trusts a JSON content type
                raise ModelError(_not_json(self.where, e.doc)) from None
        raise ModelError(f"{self.where} failed")  # unreachable: the loop returns or raises

    async def _retry(self, what: str, attempt: int, wait: float) -> None:
        total = self.settings.max_retries
        self.progress(f"model server {self.where} {what}; retry {attempt + 1} of {total} in {wait:.0f} s")
        await asyncio.sleep(wait)

    def _timed_out(self, error: openai.APITimeoutError) -> str:
        s = self.settings
        if type(error.__cause__).__name__ == "ConnectTimeout":  # httpx's or the SDK's own copy of it
            return f"{self.where} could not be reached within {s.connect_timeout:g} s (connect timeout)"
        return f"{self.where} did not answer within {s.timeout:g} s (timeout)"

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


def _cause(error: Exception) -> str:
    cause = error.__cause__
    text = str(cause or error).strip().splitlines()
    return (text[0] if text else type(cause or error).__name__)[:120]


def _not_json(where: str, got: str) -> str:
    shown = " ".join(got.split())[:120]
    return f"{where} did not answer with chat-completions JSON; it sent: {shown!r}"


def _content(resp: Any, where: str) -> str:
    if isinstance(resp, str | bytes):
        raise ModelError(_not_json(where, resp if isinstance(resp, str) else resp.decode("utf-8", "replace")))
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
