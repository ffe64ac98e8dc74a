"""How long the embedded model reads a prompt and generates (`navwright bench model`): timings taken on
a `LlamaRunner` under its lock, apart from the calls the agent makes (models/embedded.py)."""

from __future__ import annotations

import time
from typing import Literal

from pydantic import BaseModel

from navwright.models.base import Message
from navwright.models.embedded import LlamaRunner
from navwright.models.lookup_decode import evaluate_prompt, greedy_generate
from navwright.models.prefix_cache import reusable_prefix


class PromptTiming(BaseModel):
    prompt_tokens: int
    reused_tokens: int
    seconds: float


class GenerationTiming(BaseModel):
    prompt_tokens: int
    reused_tokens: int
    first_token_s: float
    generated: int
    generation_s: float


def prompt_timing(
    runner: LlamaRunner, messages: list[Message], reuse: Literal["none", "live", "saved"]
) -> PromptTiming:
    """How long reading a prompt takes: evaluated in full (`none`), after the longest prefix the KV
    cache holds (`live`, as before saved states), or the KV cache or a saved state (`saved`)."""
    with runner.lock:
        llama = runner.load()
        tokens = runner.chat_tokens(llama, messages)
        if reuse == "none":
            llama.reset()
        start = time.perf_counter()
        reused = evaluate_prompt(llama, tokens, runner.prefix_cache if reuse == "saved" else None)
        seconds = time.perf_counter() - start
        return PromptTiming(prompt_tokens=len(tokens), reused_tokens=reused, seconds=seconds)

def stream_timing(
    runner: LlamaRunner,
    messages: list[Message],
    max_tokens: int,
    schema: type[BaseModel] | str | None = None,
    lookup: bool | None = None,
) -> GenerationTiming:
    """How long one greedy call takes to read its prompt and to generate; `lookup` (default: the
    settings) chooses between lookup drafts, as the agent calls, and one token per decode."""
    lookup = runner.settings.lookup if lookup is None else lookup
    with runner.lock:
        llama = runner.load()
        tokens = runner.chat_tokens(llama, messages)
        grammar, hints = runner.grammar(schema) if schema is not None else (None, [])
        start = time.perf_counter()
        first: list[float] = []

        def stamp(_token: int) -> None:
            if not first:
                first.append(time.perf_counter() - start)

        if lookup:
            decoded, reused = greedy_generate(llama, tokens, grammar, max_tokens, stamp, hints=hints)
            count = len(decoded.tokens)
        else:
            reused = reusable_prefix(llama, tokens)
            count = 0
            stream = llama.create_completion(
                tokens, max_tokens=max_tokens, temperature=0.0, grammar=grammar, stream=True
            )
            for _chunk in stream:
                count += 1
                stamp(0)
        total = time.perf_counter() - start
        ttft = first[0] if first else total
        return GenerationTiming(
            prompt_tokens=len(tokens), reused_tokens=reused, first_token_s=ttft,
            generated=count, generation_s=total - ttft,
        )  # fmt: skip


