"""`navwright runs`, `runs show ID`, `runs delete ID` and `runs prune`: what the CLI calls."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from navwright.printable import printable
from navwright.store.db import RunStore
from navwright.store.render import STATUS_STYLE, trim
from navwright.store.rows import RunRow, StoreError

_COLUMNS = (("id", "left"), ("started", "left"), ("status", "left"), ("task", "left"), ("calls", "right"),
            ("tokens", "right"), ("seconds", "right"))  # fmt: skip


def print_runs(console: Console, store: RunStore, limit: int = 20) -> int:
    """A table of the latest runs; returns the exit code (1 when the store cannot be read)."""
    try:
        store.check()  # a damaged database is said in words, with how to recover
        runs = store.list_runs(limit)
    except (StoreError, sqlite3.Error) as exc:
        return _failed(console, exc)
    if not runs:
        console.print(printable(f"No runs recorded yet in {store.path}."), markup=False)
        return 0
    table = Table(box=None, header_style="bold", pad_edge=False)
    for name, justify in _COLUMNS:
        table.add_column(name, justify=justify, no_wrap=name != "task")  # type: ignore[arg-type]
    for run in runs:
        status = printable(run.status).replace("[", r"\[")
        table.add_row(
            printable(run.id[:12]).replace("[", r"\["),
            dt.datetime.fromtimestamp(run.started).strftime("%Y-%m-%d %H:%M"),
            f"[{STATUS_STYLE.get(run.status, '')}]{status}[/]",
            printable(trim(run.task, 60)).replace("[", r"\["),
            str(run.model_calls),
            f"{run.tokens:,}",
            f"{run.seconds:.1f}",
        )
    console.print(table)
    return 0


def print_run(console: Console, store: RunStore, run_id: str) -> int:
    """Replay one run (id or unique prefix) as text; returns the exit code (1 when not found)."""
    try:
        store.check()
        text = store.render_run(run_id)
    except (StoreError, sqlite3.Error) as exc:
        return _failed(console, exc)
    console.print(printable(text, lines=True), markup=False, highlight=False, end="")
    return 0


def delete_runs(console: Console, work: Callable[[RunStore], list[RunRow]]) -> int:
    """Delete runs (`work` says which) and say which went; returns the exit code (1: none matched or
    the store cannot be used)."""
    try:
        with RunStore() as store:
            store.check()
            gone = work(store)
    except (StoreError, sqlite3.Error) as exc:
        return _failed(console, exc)
    for run in gone:
        console.print(printable(f"deleted run {run.id}: {trim(run.task, 60)}"), markup=False, highlight=False)
    if not gone:
        console.print("no run is that old", markup=False)
    return 0


def _failed(console: Console, exc: Exception) -> int:
    console.print(printable(_words(exc)), style="red", markup=False, highlight=False, soft_wrap=True)
    return 1


def _words(exc: Exception) -> str:
    if isinstance(exc, StoreError):
        return str(exc)
    return f"the run database could not be read: {exc}"
