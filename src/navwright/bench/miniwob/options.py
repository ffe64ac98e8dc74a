"""Every option of `navwright bench miniwob`, as one pydantic model the CLI fills."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from navwright.bench.miniwob.episode import EpisodeLimits
from navwright.bench.miniwob.page import DataMode

BenchMemoryMode = Literal["off", "learn", "examples", "workflows"]


class MiniwobOptions(BaseModel):
    tasks: str = "webwise48"
    """`webwise48`, `all`, or task names separated by commas."""
    episodes: int = Field(3, ge=1)
    """Episodes per task; episode i of every task uses seed seed_base + i."""
    seed_base: int = 0
    model: str = "embedded"
    """Model spec for both planner and navigator (as in `navwright run --model`)."""
    planner_model: str | None = None
    navigator_model: str | None = None
    workers: int = Field(1, ge=1)
    """Parallel episodes, one browser each (1 runs in this process)."""
    ray: str | None = None
    """Run the workers as Ray actors: a cluster address, or "local" to start Ray here."""
    out: Path | None = None
    """Folder for results.jsonl, logs and reports (default bench-results/miniwob-<time>)."""
    resume: Path | None = None
    """Continue the benchmark in this folder, skipping episodes already finished there."""
    episode_timeout_s: float = Field(300.0, gt=0)
    max_actions: int = Field(20, ge=1)
    data_mode: DataMode = "train"
    headed: bool = False
    max_steps: int | None = None
    without: list[str] = Field(default_factory=list)
    """Named rules switched off (agent/rules.py): `--without NAME`."""
    """Planner web steps at most (agent default when None)."""
    memory: BenchMemoryMode = "off"
    """off: no memory. learn: zero-shot episodes; those the page rewards are learned into memory_db
    (`navwright learn`). examples: the navigator's prompt gets the most similar learned step.
    workflows: examples, and a served workflow that fits is replayed with no model. Only learn writes."""
    memory_db: Path | None = None
    """The memory store (an SQLite file) that learn writes and the other modes read (None: the
    default one, which `navwright memory` shows)."""

    def limits(self) -> EpisodeLimits:
        return EpisodeLimits(
            timeout_s=self.episode_timeout_s, max_actions=self.max_actions, data_mode=self.data_mode
        )

    def out_dir(self, now: dt.datetime | None = None) -> Path:
        """Where this run writes: --resume's folder, --out, or a fresh timestamped folder."""
        if self.resume is not None:
            return self.resume
        if self.out is not None:
            return self.out
        stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
        return Path("bench-results") / f"miniwob-{stamp}"
