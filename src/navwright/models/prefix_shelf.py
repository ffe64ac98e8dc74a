"""Saved KV states of each role's system turn on disk, so that a new process does not read them again.

Within a process, `prefix_cache` lets each role's fixed prefix be evaluated once. A new process (every
`navwright run`, every demo run) still read the navigator's system turn (its rules and the menu of
skills, ~450 tokens, 5-9 s on 2 cores) and the other roles' before its first answer. The state of a
system turn, evaluated alone, is kept in a file named by a hash of its tokens and of what makes a
state fit a loaded model (the model file, the context size, the weight layout, llama.cpp's version);
a prompt that starts with that turn loads it (milliseconds) instead. The folder is bounded in bytes:
the files used longest ago go first. Any file that cannot be read or that llama.cpp refuses is skipped
and removed, never an error of the call.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from navwright.models.prefix_cache import SavedState, live_state

MIN_HEAD = 64
"""A system turn shorter than this is read again rather than loaded from disk."""
_MAGIC = b"NWKV1"


class PrefixShelf:
    """The folder of saved system turns for one loaded model; `capacity_bytes=0` keeps none."""

    def __init__(self, folder: Path, identity: str, capacity_bytes: int) -> None:
        self.folder = folder
        self.identity = identity
        self.capacity_bytes = capacity_bytes

    def _file(self, head: Sequence[int]) -> Path:
        digest = hashlib.sha256(self.identity.encode())
        digest.update(np.asarray(head, dtype=np.int64).tobytes())
        return self.folder / f"{digest.hexdigest()[:32]}.kv"

    def find(self, head: Sequence[int]) -> SavedState | None:
        """The saved state of exactly `head`, if the shelf holds it."""
        if self.capacity_bytes <= 0 or len(head) < MIN_HEAD:
            return None
        path = self._file(head)
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        state = _decode(raw)
        if state is None or list(state.tokens) != list(head):
            path.unlink(missing_ok=True)
            return None
        os.utime(path)  # used now: the last to go
        return state

    def keep(self, llama: Any) -> None:
        """Write the live cache (its `n_tokens` tokens: a system turn evaluated alone) to the shelf."""
        if int(llama.n_tokens) < MIN_HEAD:
            return
        state = live_state(llama, self.capacity_bytes)
        if state is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self._file(state.tokens.tolist())
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(encode(state))
            part.replace(path)
            self._trim()
        except OSError:
            return  # a full or read-only disk: the next process reads the turn again

    def _trim(self) -> None:
        files = sorted(self.folder.glob("*.kv"), key=lambda p: p.stat().st_mtime)
        total = sum(p.stat().st_size for p in files)
        while files and total > self.capacity_bytes:
            oldest = files.pop(0)
            total -= oldest.stat().st_size
            oldest.unlink(missing_ok=True)


def encode(state: SavedState) -> bytes:
    """A state as a shelf file holds it: a mark, the counts, the tokens, llama.cpp's bytes."""
    tokens = np.asarray(state.tokens, dtype=np.int64)
    return _MAGIC + struct.pack("<QQ", len(tokens), len(state.data)) + tokens.tobytes() + bytes(state.data)


def _decode(raw: bytes) -> SavedState | None:
    head = len(_MAGIC) + 16
    if len(raw) < head or not raw.startswith(_MAGIC):
        return None
    n, size = struct.unpack("<QQ", raw[len(_MAGIC):head])
    if len(raw) != head + 8 * n + size:
        return None
    tokens = np.frombuffer(raw, dtype=np.int64, count=n, offset=head).copy()
    data = (ctypes.c_uint8 * size).from_buffer_copy(raw, head + 8 * n)
    return SavedState(tokens, data)


def identity_of(path: Path, *parts: object) -> str:
    """What makes a saved state fit a loaded model: the file (name, size, time) and `parts`."""
    import llama_cpp

    stat = path.stat()
    return "|".join(str(p) for p in (path.name, stat.st_size, int(stat.st_mtime),
                                     getattr(llama_cpp, "__version__", "?"), *parts))
