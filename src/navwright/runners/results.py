"""Outcomes as JSON lines, appended as they finish, read back to resume or to report."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Generic

from pydantic import ValidationError

from navwright.runners.kind import O


class ResultLines(Generic[O]):
    """A JSON-lines file of outcomes; a later line for the same key wins, a torn line is skipped."""

    def __init__(self, path: Path, outcome: type[O], key: Callable[[O], str]) -> None:
        self.path, self.outcome, self.key = path, outcome, key
        self._checked_end = False

    def append(self, outcome: O) -> None:
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

    def load(self) -> dict[str, O]:
        """Latest outcome per key. A torn last line (interrupted write) is skipped."""
        latest: dict[str, O] = {}
        if not self.path.exists():
            return latest
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            try:
                outcome = self.outcome.model_validate(json.loads(line))
            except (ValueError, ValidationError):
                continue
            latest[self.key(outcome)] = outcome
        return latest
