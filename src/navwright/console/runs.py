"""`navwright runs` and `navwright runs show ID`: what the CLI calls."""

from __future__ import annotations

import datetime as dt
import sqlite3

from rich.console import Console
from rich.table import Table

from navwright.store.db import RunStore
from navwright.store.render import STATUS_STYLE, trim
from navwright.store.rows import StoreError


def print_runs(console: Console, store: RunStore, limit: int = 20) -> int:
    """A table of the latest runs; returns the exit code (1 when the store cannot be read)."""
    try:
        runs = store.list_runs(limit)
    except (StoreError, sqlite3.Error) as exc:
        console.print(_words(exc), style="red", markup=False)
        return 1
    if not runs:
        console.print(f"No runs recorded yet in {store.path}.", markup=False)
        return 0
    table = Table(box=None, header_style="bold", pad_edge=False)
    for name, justify in (("id", "left"), ("started", "left"), ("status", "left"), ("task", "left"),
                          ("calls", "right"), ("tokens", "right"), ("seconds", "right")):  # fmt: skip
        table.add_column(name, justify=justify, no_wrap=name != "task")  # type: ignore[arg-type]
    for run in runs:
        table.add_row(
            run.id[:12],
            dt.datetime.fromtimestamp(run.started).strftime("%Y-%m-%d %H:%M"),
            f"[{STATUS_STYLE.get(run.status, '')}]{run.status}[/]",
            trim(run.task, 60).replace("[", r"\["),
            str(run.model_calls),
            f"{run.tokens:,}",
            f"{run.seconds:.1f}",
        )
    console.print(table)
    return 0


def print_run(console: Console, store: RunStore, run_id: str) -> int:
    """Replay one run (id or unique prefix) as text; returns the exit code (1 when not found)."""
    try:
        text = store.render_run(run_id)
    except (StoreError, sqlite3.Error) as exc:
        console.print(_words(exc), style="red", markup=False)
        return 1
    console.print(text, markup=False, highlight=False, end="")
    return 0


def _words(exc: Exception) -> str:
    if isinstance(exc, StoreError):
        return str(exc)
    return f"the run database could not be read: {exc}"
