"""`ServerConfig`: what one server is built from (settings, store, token, concurrency, models)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from navwright.build import Models
from navwright.config import Settings

ModelsFactory = Callable[[Settings], Models]
"""Makes a run's planner and navigator models from its settings (tests pass scripted ones)."""

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


@dataclass(frozen=True)
class ServerConfig:
    settings: Settings = field(default_factory=Settings)
    """The base settings of every run (config file and environment); a request overrides single keys."""
    db_path: Path | None = None
    """The run store; None: the default one under $NAVWRIGHT_HOME, shared with `navwright runs`."""
    token: str | None = None
    """When set, every endpoint (the page included) needs it."""
    max_concurrent_runs: int = 2
    models: ModelsFactory | None = None
    """None: `navwright.build.make_models` with one model pool for the whole server."""
    shutdown_grace_s: float = 10.0
    """How long stopped runs may take to end when the server stops."""
    keep_finished: int = 200
    """Finished runs kept in memory (older ones are read from the store)."""


def check_bind(host: str, token: str | None) -> None:
    """Raise ValueError when a non-loopback address would be served without a token."""
    if host not in LOOPBACK and not token:
        raise ValueError(
            f"listening on {host} needs a token: pass --token or set NAVWRIGHT_TOKEN "
            "(without one, only 127.0.0.1 is served)"
        )
