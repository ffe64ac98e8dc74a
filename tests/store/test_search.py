"""Searching recorded runs: words of the id, the task or the answer; LIKE wildcards are plain text."""

from __future__ import annotations

from pathlib import Path

from navwright.agent.events import RunFinished, RunStarted
from navwright.store import RunStore


def test_runs_are_found_by_words_of_their_task_or_answer_and_wildcards_are_literal(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        for run_id, task, answer in (("a1", "Buy 100% cotton socks", "Ordered"), ("b2", "Find a_b", "none"),
                                     ("c3", "Find the cheapest mug", "The mug costs $4")):  # fmt: skip
            store.emit(RunStarted(run_id=run_id, task=task))
            store.emit(RunFinished(run_id=run_id, status="success", answer=answer))
        assert [r.id for r in store.list_runs(10, query="mug")] == ["c3"]
        assert [r.id for r in store.list_runs(10, query="ORDERED")] == ["a1"]
        assert [r.id for r in store.list_runs(10, query="100%")] == ["a1"]
        assert [r.id for r in store.list_runs(10, query="a_b")] == ["b2"]
        assert [r.id for r in store.list_runs(10, query="%")] == ["a1"]
        assert len(store.list_runs(10, query="  ")) == 3
