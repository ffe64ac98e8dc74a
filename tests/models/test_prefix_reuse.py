"""Saved prompt prefixes reused across roles, the prompt log, and a stop that stops (issue 37)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import numpy as np
import pytest

from navwright.models.base import Completion, Message, ModelError, Usage
from navwright.models.embedded import EmbeddedModel
from navwright.models.factory import ModelPool, make_model
from navwright.models.prefix_cache import SavedState, common_prefix
from navwright.models.prompt_log import append_prompt, read_prompts


def role_prompt(role: str, rules: int = 40) -> Message:
    text = f"You are the {role} of a web agent. " + " ".join(
        f"Rule {i}: when the {role} sees item {i}, it writes its number." for i in range(rules)
    )
    return Message(role="system", content=text)


def test_common_prefix_counts_the_leading_tokens_both_share() -> None:
    a = np.array([1, 2, 3, 4], dtype=np.int64)
    assert common_prefix(a, [1, 2, 9, 4]) == 2
    assert common_prefix(a, [1, 2]) == 2
    assert common_prefix(a, []) == 0


def test_a_saved_state_is_found_among_others_of_other_lengths() -> None:
    """Moving a restored state to the LRU's end must not compare token arrays of different lengths."""
    short, long = (SavedState(np.arange(n, dtype=np.int64), data=None) for n in (3, 5))
    entries = [short, long]
    entries.remove(long)
    assert entries == [short]


def test_the_prompt_log_gives_back_the_calls_of_a_time_window(tmp_path: Path) -> None:
    log = tmp_path / "prompts.jsonl"
    done = Completion(content="{}", usage=Usage(prompt_tokens=120, cached_tokens=100), seconds=0.5, model="m")
    before = time.time()
    append_prompt(log, [Message(role="user", content="first")], None, 64, done)
    append_prompt(log, [Message(role="user", content="second")], None, 64, done)
    log.write_text(log.read_text() + '{"cut short', encoding="utf-8")
    got = read_prompts(log, before - 1, time.time() + 1)
    assert [r.messages[0].content for r in got] == ["first", "second"]
    assert got[0].reused_tokens == 100 and got[0].max_tokens == 64
    assert read_prompts(log, 0, before - 1) == []


@pytest.fixture(scope="module")
async def embedded() -> AsyncIterator[EmbeddedModel]:
    try:
        model = make_model("embedded", ModelPool(progress=False))
    except ModelError as e:
        pytest.skip(f"embedded model unavailable: {e}")
    assert isinstance(model, EmbeddedModel)
    yield model


@pytest.mark.embedded
async def test_roles_taking_turns_reuse_their_own_prefix(embedded: EmbeddedModel) -> None:
    """Planner and navigator alternate on one KV cache; each turn finds its role's prefix saved."""
    embedded.runner.forget_prefix()
    roles = [role_prompt("planner"), role_prompt("navigator", 50), role_prompt("verifier", 30)]
    for turn in range(2):
        for system in roles:
            ask = Message(role="user", content=f"Turn {turn}: say OK.")
            done = await embedded.complete([system, ask], max_tokens=2)
    assert done.usage.cached_tokens > 0.9 * done.usage.prompt_tokens


@pytest.mark.embedded
async def test_an_answer_after_a_restored_prefix_is_the_answer_from_scratch(embedded: EmbeddedModel) -> None:
    planner, navigator = role_prompt("planner", 20), role_prompt("navigator", 20)
    ask = Message(role="user", content="Which number does rule 7 write? Answer with the number only.")
    embedded.runner.forget_prefix()
    fresh = await embedded.complete([planner, ask], max_tokens=8)
    await embedded.complete([navigator, ask], max_tokens=2)
    restored = await embedded.complete([planner, ask], max_tokens=8)
    assert restored.usage.cached_tokens > 0.9 * restored.usage.prompt_tokens
    assert restored.content == fresh.content


@pytest.mark.embedded
async def test_a_stopped_call_ends_within_a_second_while_it_reads_its_prompt(
    embedded: EmbeddedModel, capfd: pytest.CaptureFixture[str]
) -> None:
    """Stop, pause, edit and timeouts cancel the awaiting task: the call lets go of the model at once,
    even in the middle of a long prompt, so the next run's call does not wait for it; and llama.cpp's
    line about the aborted decode does not reach the terminal."""
    await embedded.complete([Message(role="user", content="Say OK.")], max_tokens=2)  # weights loaded
    embedded.runner.forget_prefix()
    page = "\n".join(f'[{i}] link "Item {i}: a kettle that costs {i * 3} dollars"' for i in range(220))
    call = asyncio.ensure_future(embedded.complete([Message(role="user", content=page)], max_tokens=8))
    await asyncio.sleep(1.5)
    assert embedded.runner.lock.locked() and not call.done()  # still reading the ~3,000-token prompt
    stopped = time.perf_counter()
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    while embedded.runner.lock.locked() and time.perf_counter() - stopped < 30:
        await asyncio.sleep(0.01)
    assert time.perf_counter() - stopped < 1.0
    done = await embedded.complete([Message(role="user", content="Say OK.")], max_tokens=2)
    assert done.content.strip()
    assert capfd.readouterr().err == ""
