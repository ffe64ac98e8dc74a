"""Episode outcomes as JSON lines, appended as they finish, read back to resume or to report."""

from __future__ import annotations

from pathlib import Path

from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec
from navwright.runners.results import ResultLines

RESULTS_NAME = "results.jsonl"


class ResultsFile(ResultLines[EpisodeOutcome]):
    """`out/results.jsonl`: one EpisodeOutcome per line; a later line for the same episode wins."""

    def __init__(self, out_dir: Path) -> None:
        super().__init__(out_dir / RESULTS_NAME, EpisodeOutcome, key=lambda o: o.key)

    def pending(self, episodes: list[EpisodeSpec]) -> list[EpisodeSpec]:
        """Episodes without a finished outcome; harness errors are run again."""
        finished = {k for k, o in self.load().items() if o.agent_status != "harness_error"}
        return [e for e in episodes if e.key not in finished]
