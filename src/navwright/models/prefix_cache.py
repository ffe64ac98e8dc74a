"""Saved KV states, so that each role's prompt prefix is evaluated once and reused across roles.

One `Llama` holds one KV cache, and the planner, the navigator, the reader and the verifier take turns
on it: each turn used to find the previous role's prompt in the cache and evaluate its own again from
the first differing token (the system text, the menu of skills, the task). Before a prompt overwrites
the cache, the cache's tokens are saved (llama.cpp's per-sequence state: the KV cells only, ~28 KB a
token for the 1.5B model, no logits), in a small LRU bounded in bytes. A new prompt then starts from
whichever holds the longest common prefix with it, the live cache or a saved state, and evaluates
only the rest. A saved state that shares most of its tokens with a newer one (an older turn of the
same role) is dropped for the newer.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

MIN_GAIN = 32
"""Tokens a saved state must add over the live cache to be worth loading (loading costs milliseconds)."""
MIN_SAVE = 64
"""Tokens the live cache must be about to lose before it is saved first."""


def common_prefix(a: np.ndarray[Any, Any], b: Sequence[int] | np.ndarray[Any, Any]) -> int:
    """How many leading tokens `a` and `b` share."""
    n = min(len(a), len(b))
    if n == 0:
        return 0
    differ = np.flatnonzero(a[:n] != np.asarray(b[:n], dtype=a.dtype))
    return int(differ[0]) if differ.size else n


@dataclass(eq=False)  # one state is one object: == on the token arrays would compare them elementwise
class SavedState:
    tokens: np.ndarray[Any, Any]
    data: Any  # ctypes uint8 array: llama_state_seq_get_data of sequence 0


def live_state(llama: Any, most_bytes: int) -> SavedState | None:
    """The live cache's state (its first `n_tokens` tokens); None when empty, past `most_bytes`, or
    refused by llama.cpp."""
    import llama_cpp.llama_cpp as low

    n = int(llama.n_tokens)
    if most_bytes <= 0 or n == 0:
        return None
    llama._ctx.kv_cache_seq_rm(0, n, -1)  # cells past n_tokens: a rejected lookup draft
    size = int(low.llama_state_seq_get_size(llama._ctx.ctx, 0))
    if size > most_bytes:
        return None
    data = (ctypes.c_uint8 * size)()
    if int(low.llama_state_seq_get_data(llama._ctx.ctx, data, size, 0)) == 0:
        return None
    return SavedState(np.array(llama.input_ids[:n], dtype=np.int64), data)


class PrefixCache:
    """An LRU of saved states keyed by their tokens; `capacity_bytes=0` keeps none."""

    def __init__(self, capacity_bytes: int) -> None:
        self.capacity_bytes = capacity_bytes
        self._entries: list[SavedState] = []  # least recently used first

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def size_bytes(self) -> int:
        return sum(len(e.data) for e in self._entries)

    def clear(self) -> None:
        self._entries.clear()

    def best(self, tokens: Sequence[int]) -> tuple[SavedState | None, int]:
        """The saved state sharing the longest prefix with `tokens`, and that length."""
        found, longest = None, 0
        for entry in self._entries:
            shared = common_prefix(entry.tokens, tokens)
            if shared > longest:
                found, longest = entry, shared
        return found, longest

    def save(self, llama: Any) -> None:
        """Save the live cache (its first `n_tokens` tokens) as the most recent entry."""
        state = live_state(llama, self.capacity_bytes)
        if state is None:
            return
        tokens = state.tokens
        self._entries = [e for e in self._entries if common_prefix(e.tokens, tokens) * 2 < len(e.tokens)]
        self._entries.append(state)
        while self.size_bytes > self.capacity_bytes:
            self._entries.pop(0)

    def add(self, entry: SavedState) -> None:
        """Hold `entry` (a state read from disk) as the most recent; the oldest go past capacity."""
        if self.capacity_bytes <= 0 or len(entry.data) > self.capacity_bytes:
            return
        self._entries.append(entry)
        while self.size_bytes > self.capacity_bytes:
            self._entries.pop(0)

    def restore(self, llama: Any, entry: SavedState) -> bool:
        """Load `entry` into the live cache (replacing it); False (cache emptied) when llama.cpp refuses."""
        import llama_cpp.llama_cpp as low

        self._entries.remove(entry)
        self._entries.append(entry)
        if int(low.llama_state_seq_set_data(llama._ctx.ctx, entry.data, len(entry.data), 0)) == 0:
            llama.reset()
            llama._ctx.kv_cache_seq_rm(0, 0, -1)
            return False
        n = len(entry.tokens)
        llama.input_ids[:n] = entry.tokens
        llama.n_tokens = n
        return True


def reusable_prefix(llama: Any, tokens: Sequence[int]) -> int:
    """How many leading `tokens` the KV cache already holds, less the last (whose logits are needed)."""
    return max(0, min(int(llama.longest_token_prefix(llama._input_ids, tokens)), len(tokens) - 1))


def prepare(llama: Any, tokens: Sequence[int], cache: PrefixCache | None) -> int:
    """Bring into the live cache the longest prefix of `tokens` that it or a saved state holds (never
    the last token); save the live cache first when it is about to lose much. Returns that length."""
    live = reusable_prefix(llama, tokens)
    if cache is None:
        return live
    if int(llama.n_tokens) - live >= MIN_SAVE:
        cache.save(llama)
    entry, shared = cache.best(tokens)
    shared = min(shared, len(tokens) - 1)
    if entry is None or shared < live + MIN_GAIN:
        return live
    return shared if cache.restore(llama, entry) else 0
