"""The stand-in models tests use: scripted answers and recorded cassettes."""

from __future__ import annotations

from pathlib import Path

import pytest
from models_schemas import action_schema
from pydantic import BaseModel

from navwright.models.base import ChatModel, Message, ModelError
from navwright.models.replay import ReplayMiss, ReplayModel
from navwright.models.scripted import ScriptedModel
from navwright.models.structured import StructuredOutputError

ASK = [Message(role="user", content="Click Save on the page.")]


class Answer(BaseModel):
    text: str


async def test_scripted_model_validates_answers_like_a_real_model() -> None:
    schema = action_schema(["1", "2"])
    model = ScriptedModel([{"thought": "t", "actions": [{"kind": "click", "id": "2"}]}, Answer(text="no")])
    assert isinstance(model, ChatModel)
    done = await model.complete(ASK, schema)
    assert done.parsed.actions[0].id == "2"
    assert model.stats.calls == 1 and model.stats.prompt_tokens > 0
    with pytest.raises(StructuredOutputError):
        await model.complete(ASK, schema)
    with pytest.raises(ModelError, match="ran out of answers after 2 calls"):
        await model.complete(ASK)


async def test_scripted_model_can_answer_from_a_function() -> None:
    model = ScriptedModel(lambda messages, schema: {"text": messages[-1].content.upper()})
    done = await model.complete(ASK, Answer)
    assert done.parsed == Answer(text="CLICK SAVE ON THE PAGE.")
    assert model.seen[0][1] is Answer


async def test_replay_records_then_replays_without_the_inner_model(tmp_path: Path) -> None:
    cassette = tmp_path / "c.jsonl"
    inner = ScriptedModel(['{"text": "recorded"}'], name="qwen-test")
    recorder = ReplayModel(cassette, inner, mode="auto")
    first = await recorder.complete(ASK, Answer)
    assert first.parsed == Answer(text="recorded") and inner.remaining == 0
    replayer = ReplayModel(cassette, mode="replay")
    assert replayer.key_name == "qwen-test"
    again = await replayer.complete(ASK, Answer)
    assert again.parsed == Answer(text="recorded")
    assert again.usage == first.usage


async def test_replay_miss_names_the_key_and_how_to_record(tmp_path: Path) -> None:
    cassette = tmp_path / "c.jsonl"
    await ReplayModel(cassette, ScriptedModel(['{"text": "a"}'], name="m"), mode="auto").complete(ASK, Answer)
    replayer = ReplayModel(cassette, mode="replay")
    with pytest.raises(ReplayMiss) as err:
        await replayer.complete([Message(role="user", content="Something else")], Answer)
    text = str(err.value)
    assert "NAVWRIGHT_RECORD=1" in text and "Something else" in text and str(cassette) in text
    with pytest.raises(ReplayMiss):
        await replayer.complete(ASK, action_schema(["1"]))  # same messages, other schema: other key


async def test_replay_mode_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NAVWRIGHT_RECORD", raising=False)
    assert ReplayModel(tmp_path / "c.jsonl").mode == "replay"
    monkeypatch.setenv("NAVWRIGHT_RECORD", "1")
    assert ReplayModel(tmp_path / "c.jsonl", ScriptedModel([])).mode == "auto"
    with pytest.raises(ModelError, match="needs a real model"):
        ReplayModel(tmp_path / "c.jsonl")


async def test_record_mode_rewrites_an_existing_answer(tmp_path: Path) -> None:
    cassette = tmp_path / "c.jsonl"
    await ReplayModel(cassette, ScriptedModel(['{"text": "old"}'], name="m"), mode="auto").complete(
        ASK, Answer
    )
    await ReplayModel(cassette, ScriptedModel(['{"text": "new"}'], name="m"), mode="record").complete(
        ASK, Answer
    )
    assert len(cassette.read_text().splitlines()) == 1
    done = await ReplayModel(cassette, mode="replay").complete(ASK, Answer)
    assert done.parsed == Answer(text="new")
