from __future__ import annotations

import sqlite3
from collections.abc import Callable
from io import StringIO
from pathlib import Path

from rich.console import Console

from navwright.agent.events import Event, RunStarted
from navwright.console import print_run, print_runs
from navwright.store import RunStore


def _console() -> tuple[Console, StringIO]:
    out = StringIO()
    return Console(file=out, width=160, color_system=None), out


def test_runs_table_lists_status_task_calls_tokens_and_seconds(
    tmp_path: Path, scripted_events: Callable[..., list[Event]]
) -> None:
    db = tmp_path / "runs.db"
    with RunStore(db) as store:
        for event in scripted_events("finished-run"):
            store.emit(event)
        store.emit(RunStarted(run_id="dead-run", task="[bold]a task with brackets[/]", ts=1_800_000_000.0))
    conn = sqlite3.connect(db)
    conn.execute("UPDATE runs SET pid = 999999999, proc = '' WHERE id = 'dead-run'")
    conn.commit()
    conn.close()
    console, out = _console()
    with RunStore(db) as store:
        assert print_runs(console, store, limit=10) == 0
    rows = out.getvalue().splitlines()
    assert rows[0].split() == ["id", "started", "status", "task", "calls", "tokens", "seconds"]
    assert "dead-run" in rows[1] and "interrupted" in rows[1] and "[bold]a task with brackets[/]" in rows[1]
    assert rows[2].split()[-3:] == ["3", "3,090", "5.0"]
    assert "finished-run" in rows[2] and "success" in rows[2]


def test_an_empty_store_says_so(tmp_path: Path) -> None:
    console, out = _console()
    with RunStore(tmp_path / "runs.db") as store:
        assert print_runs(console, store) == 0
    assert "No runs recorded yet" in out.getvalue()


def test_show_replays_a_run_by_prefix_and_explains_a_missing_one(
    tmp_path: Path, scripted_events: Callable[..., list[Event]]
) -> None:
    console, out = _console()
    with RunStore(tmp_path / "runs.db") as store:
        for event in scripted_events("0123456789abcdef"):
            store.emit(event)
        assert print_run(console, store, "0123") == 0
        assert print_run(console, store, "ffff") == 1
    text = out.getvalue()
    assert text.startswith("run 0123456789abcdef · success")
    assert "■ success  answer: Cart total is 19.99" in text
    assert "no run with id 'ffff'; `navwright runs` lists them." in text
    assert "Traceback" not in text
