"""Stopping an embedded call within a second, in the middle of a prompt included.

A call runs in a worker thread inside llama.cpp, which Python cannot interrupt. llama.cpp asks an abort
callback before each node of its compute graph (one layer's matrix product is milliseconds), and
`llama_decode` returns 2 when the callback says yes. A Python callback would take the GIL hundreds of
times per token and wait whenever another thread holds it, so the callback is libc's `strlen` over a
two-byte buffer: `"\\0"` reads as false, `"x"` (after `CancelFlag.set`) as true. No Python runs on
llama.cpp's thread and setting the flag is one byte written.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Cancelled(Exception):
    """The caller stopped waiting for this answer."""


class CancelFlag:
    """Set once, from any thread, when the answer is no longer wanted."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self.buffer = ctypes.create_string_buffer(2)

    def set(self) -> None:
        self.buffer[0] = b"x"
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def check(self, *_args: Any) -> None:
        """Raise Cancelled when set (usable as a per-token callback)."""
        if self._event.is_set():
            raise Cancelled()


def _strlen(low: Any) -> Any:
    """libc's strlen as a `ggml_abort_callback` (the process already has libc loaded)."""
    address = ctypes.cast(ctypes.CDLL(None).strlen, ctypes.c_void_p).value
    return low.ggml_abort_callback(address)


@contextmanager
def abort_on(llama: Any, flag: CancelFlag | None) -> Iterator[None]:
    """While inside, `flag.set()` makes llama.cpp abort the decode it is running (RuntimeError)."""
    if flag is None:
        yield
        return
    import llama_cpp.llama_cpp as low

    callback = _strlen(low)  # referenced here until llama.cpp lets go of it below
    low.llama_set_abort_callback(llama._ctx.ctx, callback, ctypes.cast(flag.buffer, ctypes.c_void_p))
    try:
        yield
    finally:
        low.llama_set_abort_callback(llama._ctx.ctx, low.ggml_abort_callback(0), None)
