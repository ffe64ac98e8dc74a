"""Episode outcomes as JSON lines, appended as they finish, read back to resume or to report."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec

RESULTS_NAME = "results.jsonl"


class ResultsFile:
    """`out/results.jsonl`: one EpisodeOutcome per line; a later line for the same episode wins."""

    def __init__(self, out_dir: Path) -> None:
        self.path = out_dir / RESULTS_NAME
        self._checked_end = False

    def append(self, outcome: EpisodeOutcome) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lead = "" if self._checked_end else self._torn_end()
        self._checked_end = True
        with self.path.open("a", encoding="utf-8") as f:
            f.write(lead + outcome.model_dump_json() + "\n")
            f.flush()

    def _torn_end(self) -> str:
        """A newline when an interrupted run left a partial last line (so it stays one bad line)."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return ""
        with self.path.open("rb") as f:
            f.seek(-1, 2)
            return "" if f.read(1) == b"\n" else "\n"

    def load(self) -> dict[str, EpisodeOutcome]:
        """Latest outcome per episode key. A torn last line (interrupted write) is skipped."""
        latest: dict[str, EpisodeOutcome] = {}
        if not self.path.exists():
            return latest
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            try:
                outcome = EpisodeOutcome.model_validate(json.loads(line))
            except (ValueError, ValidationError):
                continue
            latest[outcome.key] = outcome
        return latest

    def pending(self, episodes: list[EpisodeSpec]) -> list[EpisodeSpec]:
        """Episodes without a finished outcome; harness errors are run again."""
        finished = {k for k, o in self.load().items() if o.agent_status != "harness_error"}
        return [e for e in episodes if e.key not in finished]
