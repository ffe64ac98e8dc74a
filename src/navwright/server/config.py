"""`ServerConfig`: what one server is built from (settings, store, token, concurrency, where runs
execute, models)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from navwright.build import Models
from navwright.config import Settings
from navwright.models.base import ModelError
from navwright.models.config import ModelConfig, ModelSpec
from navwright.server.errors import ModelRefused

ModelsFactory = Callable[[Settings], Models]
"""Makes a run's planner and navigator models from its settings (tests pass scripted ones)."""

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


RUNNERS = ("inprocess", "process", "ray")


class RunnerOptions(BaseModel):
    """Where the server's queued runs execute: in the server's process (the default), in a local
    process pool, or on Ray; the runs are the same and are steered the same."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    runner: Literal["inprocess", "process", "ray"] = "inprocess"
    workers: int | None = Field(None, ge=1)
    """Worker processes or Ray actors; None: as many as --max-concurrent-runs."""
    ray: str = "local"
    """Ray's address: "local" (start or join one on this machine), "auto", or a cluster address."""

    @property
    def in_process(self) -> bool:
        return self.runner == "inprocess"


def runner_options(
    runner: str = "inprocess", workers: int | None = None, ray: str | None = None
) -> RunnerOptions:
    """The options of `--runner`, `--workers`, `--ray`; ValueError in one line for a bad combination."""
    if runner not in RUNNERS:
        raise ValueError(f"--runner must be one of {', '.join(RUNNERS)} (got {runner!r})")
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be at least 1 (got {workers})")
    if workers is not None and runner == "inprocess":
        raise ValueError("--workers needs --runner process or ray (in-process runs are limited by "
                         "--max-concurrent-runs)")  # fmt: skip
    if ray is not None and runner != "ray":
        raise ValueError(f"--ray needs --runner ray (got --runner {runner})")
    if ray is not None and not ray.strip():
        raise ValueError("--ray needs an address: local, auto or HOST:PORT")
    if runner == "ray" and importlib.util.find_spec("ray") is None:
        raise ValueError("--runner ray needs Ray: pip install 'navwright[ray]' (or use --runner process)")
    return RunnerOptions(runner=runner, workers=workers, ray=(ray or "local").strip())


@dataclass(frozen=True)
class ServerConfig:
    settings: Settings = field(default_factory=Settings)
    """The base settings of every run (config file and environment); a request overrides single keys."""
    db_path: Path | None = None
    """The run store; None: the default one under $NAVWRIGHT_HOME, shared with `navwright runs`."""
    token: str | None = None
    """When set, every endpoint (the page included) needs it."""
    max_concurrent_runs: int = 2
    runners: RunnerOptions = field(default_factory=RunnerOptions)
    models: ModelsFactory | None = None
    """For in-process runs; None: `navwright.build.make_models` with one model pool for the whole
    server. Workers always make their models from the run's settings."""
    shutdown_grace_s: float = 10.0
    """How long stopped runs may take to end when the server stops."""
    keep_finished: int = 200
    """Finished runs kept in memory (older ones are read from the store)."""
    any_model: bool = False
    """Whether a request may name any model (and so any server URL, which then reads the pages);
    otherwise only the models the server was started with (`--allow-any-model`)."""


def check_bind(host: str, token: str | None) -> None:
    """Raise ValueError when a non-loopback address would be served without a token."""
    if host not in LOOPBACK and not token:
        raise ValueError(
            f"listening on {host} needs a token: pass --token or set NAVWRIGHT_TOKEN "
            "(without one, only 127.0.0.1 is served)"
        )


def check_models(configured: ModelConfig, asked: list[str | None], any_model: bool) -> None:
    """Raise ModelRefused when a request names a model other than the server's own (unless
    `any_model`). A spec that does not parse is left to the settings, which refuse it in their words."""
    if any_model:
        return
    allowed = {str(configured.planner), str(configured.navigator)}
    for text in asked:
        try:
            spec = str(ModelSpec.parse(text)) if text else None
        except ModelError:
            continue
        if spec is not None and spec not in allowed:
            raise ModelRefused(
                f"this server runs only the models it was started with ({', '.join(sorted(allowed))}); "
                "leave the model out, or start the server with --allow-any-model"
            )
