"""A benchmark server's port, the same from run to run.

A model's prompt carries the page's URL; a random port makes two runs of one task read different
prompts and decide differently. Each server takes a port derived from its name, and another only when
that one is taken.
"""

from __future__ import annotations

import socket
import zlib
from collections.abc import Callable
from typing import TypeVar

S = TypeVar("S")

FIRST = 20000
SPAN = 10000
TRIES = 8


def candidates(name: str) -> list[int]:
    """The ports `name` tries, in order: its own, then the next few."""
    base = FIRST + zlib.crc32(name.encode()) % SPAN
    return [FIRST + (base - FIRST + i) % SPAN for i in range(TRIES)]


def _free(port: int, host: str) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a closed server's TIME_WAIT is no owner
        try:
            sock.bind((host, port))
        except OSError:
            return False
        return True


def steady_port(name: str, host: str = "127.0.0.1") -> int:
    """The first free port of `name`'s candidates, else any free port."""
    for port in candidates(name):
        if _free(port, host):
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def bind_steady(name: str, make: Callable[[tuple[str, int]], S], host: str = "127.0.0.1") -> S:
    """`make((host, port))` on `name`'s steady port; on any free port when another took it meanwhile."""
    try:
        return make((host, steady_port(name, host)))
    except OSError:
        return make((host, 0))
