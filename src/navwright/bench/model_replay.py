"""Generation speed on answers the agent really wrote: recorded navigator and planner calls, replayed.

`agent_calls.jsonl` holds 32 calls recorded from navwright's agent on five MiniWoB++ tasks (messages,
the JSON schema the answer was held to, max_tokens). Each replayed call first evaluates its prompt,
then generates its answer twice from the cached prompt: with lookup drafts (as the agent runs) and one
token per decode. Only generation is timed, so the figure is tokens per second of answer.
"""

from __future__ import annotations

import json
from importlib.resources import files

from pydantic import BaseModel

from navwright.models.base import Message
from navwright.models.embedded import LlamaRunner
from navwright.models.timing import GenerationTiming, stream_timing
from navwright.models.weights import Say


class RecordedCall(BaseModel):
    messages: list[Message]
    schema_text: str | None = None
    max_tokens: int = 512


class ReplayFigures(BaseModel):
    calls: int
    tokens: int
    lookup_tok_s: float
    plain_tok_s: float


def recorded_calls(every: int = 4) -> list[RecordedCall]:
    """Every `every`-th recorded call (8 of the 32 by default)."""
    text = files("navwright.bench").joinpath("agent_calls.jsonl").read_text(encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [
        RecordedCall(messages=r["messages"], schema_text=r["schema"], max_tokens=r["max_tokens"])
        for r in rows[::every]
    ]


def _answer(runner: LlamaRunner, call: RecordedCall, lookup: bool) -> GenerationTiming:
    stream_timing(runner, call.messages, 1, call.schema_text)  # the prompt, evaluated outside the timing
    return stream_timing(runner, call.messages, call.max_tokens, call.schema_text, lookup=lookup)


def quiet(_line: str) -> None:
    """A `say` that says nothing."""


def replay_generation(runner: LlamaRunner, calls: list[RecordedCall], say: Say = quiet) -> ReplayFigures:
    """Tokens per second of the recorded calls' answers, with lookup drafts and one token per decode;
    `say` hears a line as each call starts."""
    seconds = {True: 0.0, False: 0.0}
    tokens = {True: 0, False: 0}
    for n, call in enumerate(calls, 1):
        say(f"recorded agent answer {n} of {len(calls)}: generated with lookup drafts and without")
        for lookup in (True, False):
            timing = _answer(runner, call, lookup)
            tokens[lookup] += max(0, timing.generated - 1)  # the first token's time is the prompt's
            seconds[lookup] += timing.generation_s
    return ReplayFigures(
        calls=len(calls),
        tokens=tokens[True],
        lookup_tok_s=tokens[True] / seconds[True] if seconds[True] else 0.0,
        plain_tok_s=tokens[False] / seconds[False] if seconds[False] else 0.0,
    )
