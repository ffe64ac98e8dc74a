"""What a benchmark leaves behind besides results: each episode's run events and a worker log."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TextIO

from navwright.agent.events import Event
from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec


class EpisodeEventLog:
    """An EventSink writing one episode's agent events as JSON lines to `out/episodes/TASK-SEED.jsonl`."""

    def __init__(self, out_dir: Path, spec: EpisodeSpec) -> None:
        self.path = out_dir / "episodes" / f"{spec.task}-{spec.seed}.jsonl"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: TextIO = self.path.open("w", encoding="utf-8")

    def emit(self, event: Event) -> None:
        try:
            self._file.write(event.model_dump_json() + "\n")
            self._file.flush()
        except (OSError, ValueError):
            return

    def close(self) -> None:
        self._file.close()


class WorkerLog:
    """`out/logs/worker-N.log`: one line per episode and per problem, with the time."""

    def __init__(self, out_dir: Path, worker: int) -> None:
        self.path = out_dir / "logs" / f"worker-{worker}.log"
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def line(self, text: str) -> None:
        stamp = dt.datetime.now().strftime("%H:%M:%S")
        with self.path.open("a", encoding="utf-8") as f:
            f.write(f"{stamp} {text}\n")

    def outcome(self, o: EpisodeOutcome) -> None:
        verdict = "ok  " if o.success else "FAIL"
        extra = f" error={o.error}" if o.error else ""
        self.line(
            f"{verdict} {o.task} seed={o.seed} reward={o.raw_reward:g} agent={o.agent_status} "
            f"actions={o.actions} calls={o.model_calls} {o.seconds:.1f}s{extra}"
        )
