"""The recorded agent calls that `bench model` replays: they load, and (marked) replay on the real model."""

from __future__ import annotations

import json

import pytest

from navwright.bench.model_replay import recorded_calls, replay_generation
from navwright.models.embedded import EmbeddedSettings, LlamaRunner


def test_recorded_agent_calls_load_with_their_schemas() -> None:
    calls = recorded_calls()
    assert len(calls) == 8 and len(recorded_calls(every=1)) == 32
    for call in calls:
        assert call.messages[0].role == "system" and call.messages[-1].role == "user"
        assert call.schema_text is not None and "properties" in json.loads(call.schema_text)


@pytest.mark.embedded
def test_replay_times_both_decodings_of_a_recorded_answer() -> None:
    from navwright.models.weights import is_verified, model_path

    if not is_verified(model_path()):
        pytest.skip("the embedded model is not assembled on this machine")
    runner = LlamaRunner(model_path(), EmbeddedSettings(n_ctx=2048))
    figures = replay_generation(runner, recorded_calls()[:1])
    assert figures.calls == 1 and figures.tokens > 10
    assert figures.lookup_tok_s > 0 and figures.plain_tok_s > 0


@pytest.mark.embedded
def test_replay_says_which_recorded_answer_it_is_on() -> None:
    """`bench model` runs for minutes on 2 cores: each replayed answer is announced as it starts."""
    from navwright.models.weights import is_verified, model_path

    if not is_verified(model_path()):
        pytest.skip("the embedded model is not assembled on this machine")
    runner = LlamaRunner(model_path(), EmbeddedSettings(n_ctx=2048))
    heard: list[str] = []
    replay_generation(runner, recorded_calls()[:2], heard.append)
    assert [line.split(":")[0] for line in heard] == [f"recorded agent answer {n} of 2" for n in (1, 2)]
