"""Prompt-lookup drafts: where they come from, and (marked) that they never change the model's answer."""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest
from models_schemas import action_schema
from pydantic import BaseModel, Field, create_model
from test_embedded import SYSTEM, label, page_listing

from navwright.models.base import EndsEarly, Message, ModelError
from navwright.models.embedded import EmbeddedSettings, LlamaRunner
from navwright.models.lookup_decode import DraftIndex, draft_hints, greedy_generate


def test_draft_continues_the_last_earlier_occurrence_of_the_tail() -> None:
    index = DraftIndex([1, 2, 3, 4, 5, 9, 1, 2, 3, 7, 8, 0])
    index.extend([1, 2, 3])
    assert index.draft(limit=4) == [7, 8, 0, 1]  # the later "1 2 3" wins: it was followed by 7 8
    assert index.draft(limit=2) == [7, 8]


def test_draft_prefers_the_longest_matching_tail() -> None:
    index = DraftIndex([5, 3, 4, 6, 2, 3, 4, 8])
    index.extend([5, 3, 4])  # "3 4" last led to 8, but "5 3 4" led to 6
    assert index.draft(limit=1) == [6]


def test_no_draft_for_a_tail_never_seen_before() -> None:
    index = DraftIndex([1, 2, 3, 4])
    index.extend([9, 8])
    assert index.draft(limit=8) == []
    assert DraftIndex([]).draft(limit=8) == []


def test_hints_name_every_string_the_schema_fixes() -> None:
    class Click(BaseModel):
        name: Literal["click"]
        element: Literal["Sign in #6", "Help #7"] | None = None

    hints = draft_hints(Click.model_json_schema()).splitlines()
    assert hints == ['"name":"click"', '"element":"Sign in #6"', '"element":"Help #7"']


def _runners() -> tuple[LlamaRunner, LlamaRunner]:
    from navwright.models.weights import is_verified, model_path

    if not is_verified(model_path()):
        pytest.skip("the embedded model is not assembled on this machine")
    path = model_path()
    return LlamaRunner(path, EmbeddedSettings(n_ctx=2048)), LlamaRunner(
        path, EmbeddedSettings(n_ctx=2048, lookup=False)
    )


def _greedy_text(runner: LlamaRunner, messages: list[Message], schema: Any, max_draft: int) -> str:
    llama = runner.load()
    grammar = runner.grammar(schema)[0] if schema is not None else None
    tokens = runner.chat_tokens(llama, messages)
    decoded, _reused = greedy_generate(llama, tokens, grammar, 80, max_draft=max_draft)
    text: str = llama.detokenize(decoded.tokens).decode("utf-8", errors="ignore")
    return text


@pytest.mark.embedded
def test_decode_loop_and_grammar_gate_give_llama_cpps_own_greedy_answer() -> None:
    """With drafts off every batch is one token, so the answer must match llama.cpp's loop exactly."""
    lookup, plain = _runners()
    ids, listing = page_listing(12)
    task = Message(role="user", content=f'Page:\n{listing}\n\nTask: click "{label(1)}", then "{label(6)}".')
    for schema in (action_schema(ids), None):
        expected = plain.generate([SYSTEM, task], schema, max_tokens=80, temperature=0.0).text
        assert _greedy_text(lookup, [SYSTEM, task], schema, max_draft=0) == expected


@pytest.mark.embedded
def test_accepted_drafts_leave_a_copying_answer_unchanged() -> None:
    """Batches of several tokens round differently from single tokens, so near-ties may flip; an answer
    that copies the prompt has none, and must come out the same in fewer batches."""
    lookup, plain = _runners()
    _ids, listing = page_listing(12)
    task = Message(role="user", content=f"Page:\n{listing}\n\nRepeat the page lines exactly, nothing else.")
    llama = lookup.load()
    decoded, _reused = greedy_generate(llama, lookup.chat_tokens(llama, [SYSTEM, task]), None, 60)
    expected = plain.generate([SYSTEM, task], None, max_tokens=60, temperature=0.0).text
    assert llama.detokenize(decoded.tokens).decode() == expected
    assert decoded.finish_reason == "length" and len(decoded.tokens) == 60
    assert decoded.stats.accepted > 0 and decoded.stats.batches < 60


@pytest.mark.embedded
def test_a_broken_grammar_is_refused_in_words() -> None:
    from navwright.models.lookup_decode import GrammarGate

    lookup, _plain = _runners()
    llama = lookup.load()
    import llama_cpp.llama_cpp as low

    with pytest.raises((ValueError, ModelError)):
        GrammarGate(low, llama._model.vocab, "root ::= (", "root", int(llama.n_vocab()))


def _clicks(ids: list[str], closes: Any) -> type[BaseModel]:
    """An answer of clicks on `ids`, closed early by `closes` (None: never)."""
    id_type: Any = Literal[tuple(ids)]
    click = create_model("Click", kind=(Literal["click"], ...), id=(id_type, ...))
    listed = (list[click], Field(min_length=1, max_length=5))
    schema = create_model("Clicks", __base__=EndsEarly, actions=listed)
    schema.closes = closes
    return schema


def _after_one_action(prefix: str) -> str | None:
    """The answer closed after its first action, once that action is written whole."""
    for cut in (i + 1 for i, c in enumerate(prefix) if c == "}"):
        try:
            json.loads(prefix[:cut] + "]}")
        except ValueError:
            continue
        return prefix[:cut] + "]}"
    return None


@pytest.mark.embedded
def test_an_answer_its_schema_closes_early_stops_there_with_what_it_wrote_until_then() -> None:
    """The model is asked for three clicks; a schema that closes the answer after the first gets that
    click alone, as the model wrote it, for fewer generated tokens (the decoder stopped there)."""
    lookup, _plain = _runners()
    ids, listing = page_listing(12)
    task = Message(role="user", content=f'Page:\n{listing}\n\nTask: click "{label(1)}", then "{label(6)}", '
                                         f'then "{label(3)}". Answer {{"actions":[...]}}.')
    whole = lookup.generate([SYSTEM, task], _clicks(ids, None), max_tokens=120, temperature=0.0)
    closed = lookup.generate([SYSTEM, task], _clicks(ids, _after_one_action), max_tokens=120, temperature=0.0)
    written = json.loads(whole.text)["actions"]
    assert len(written) > 1
    assert json.loads(closed.text) == {"actions": written[:1]}
    assert closed.finish_reason == "closed" and closed.completion_tokens < whole.completion_tokens
