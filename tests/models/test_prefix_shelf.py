"""A role's system turn saved on disk is loaded by the next process instead of read again (issue 37)."""

from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np
import pytest
from test_prefix_reuse import role_prompt

from navwright.models.base import Message
from navwright.models.embedded import EmbeddedModel, EmbeddedSettings, LlamaRunner
from navwright.models.prefix_cache import SavedState
from navwright.models.prefix_shelf import MIN_HEAD, PrefixShelf, _decode, encode
from navwright.models.weights import is_verified, model_path

HEAD = list(range(1000, 1000 + MIN_HEAD + 8))


class _Llama:
    """What `PrefixShelf.keep` reads of a loaded model, with llama.cpp's state calls answered by hand."""

    def __init__(self, tokens: list[int]) -> None:
        self.n_tokens = len(tokens)
        self.input_ids = np.array(tokens, dtype=np.int64)


def _shelve(shelf: PrefixShelf, tokens: list[int], data: bytes) -> None:
    """Write a state as `keep` writes it (the bytes llama.cpp would give for `tokens`)."""
    shelf.folder.mkdir(parents=True, exist_ok=True)
    state = SavedState(np.array(tokens, np.int64), (ctypes.c_uint8 * len(data)).from_buffer_copy(data))
    shelf._file(tokens).write_bytes(encode(state))


def test_a_shelved_state_comes_back_with_its_tokens_and_bytes(tmp_path: Path) -> None:
    shelf = PrefixShelf(tmp_path, "model-a", 2**20)
    _shelve(shelf, HEAD, b"\x01\x02\x03")
    found = shelf.find(HEAD)
    assert found is not None and found.tokens.tolist() == HEAD and bytes(found.data) == b"\x01\x02\x03"
    assert shelf.find(HEAD[:-1]) is None  # another prefix is another file
    assert PrefixShelf(tmp_path, "model-b", 2**20).find(HEAD) is None  # another model: not its state


def test_a_damaged_file_is_skipped_and_removed(tmp_path: Path) -> None:
    shelf = PrefixShelf(tmp_path, "model-a", 2**20)
    _shelve(shelf, HEAD, b"\x01\x02\x03")
    path = shelf._file(HEAD)
    path.write_bytes(path.read_bytes()[:-2])  # cut short, as by a full disk
    assert shelf.find(HEAD) is None and not path.exists()
    assert _decode(b"not a state") is None


def test_a_short_system_turn_and_a_shelf_of_no_bytes_keep_nothing(tmp_path: Path) -> None:
    assert PrefixShelf(tmp_path, "m", 0).find(HEAD) is None
    assert PrefixShelf(tmp_path, "m", 2**20).find(HEAD[:MIN_HEAD - 1]) is None
    PrefixShelf(tmp_path, "m", 2**20).keep(_Llama(HEAD[:8]))  # too short: nothing written
    assert not list(tmp_path.glob("*.kv"))


@pytest.mark.embedded
async def test_a_new_process_loads_a_roles_system_turn_from_disk_and_answers_the_same(tmp_path: Path) -> None:
    path = model_path()
    if not is_verified(path):
        pytest.skip("the embedded model is not assembled")
    settings = EmbeddedSettings(path=path, prefix_shelf=tmp_path / "shelf")
    system, ask = role_prompt("navigator", 30), Message(role="user", content="Which number does rule 7 "
                                                                                "write? The number only.")
    first = EmbeddedModel(LlamaRunner(path, settings))
    fresh = await first.complete([system, ask], max_tokens=8)
    assert fresh.usage.cached_tokens == 0 and len(list((tmp_path / "shelf").glob("*.kv"))) == 1
    again = EmbeddedModel(LlamaRunner(path, settings))  # a new process: nothing held in memory
    loaded = await again.complete([system, ask], max_tokens=8)
    assert loaded.usage.cached_tokens > 0.8 * loaded.usage.prompt_tokens
    assert loaded.content == fresh.content
    off = EmbeddedModel(LlamaRunner(path, settings.model_copy(update={"prefix_shelf_mb": 0})))
    assert (await off.complete([system, ask], max_tokens=8)).usage.cached_tokens == 0
