"""`navwright runs / runs show / runs delete / runs prune`: the recorded runs (SQLite), thin over
navwright.console and navwright.store."""

from __future__ import annotations

import re
from typing import Annotated

import typer
from rich.console import Console

from navwright.console.errors import fail

runs_app = typer.Typer(help="Recorded runs.", invoke_without_command=True)
Opt = typer.Option
RunIdArg = Annotated[str, typer.Argument(help="A run id or a unique prefix.")]
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_AGE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*")


@runs_app.callback()
def runs_list(ctx: typer.Context, limit: Annotated[int, Opt(help="How many runs to list.")] = 20) -> None:
    """List recorded runs (newest first)."""
    if ctx.invoked_subcommand is not None:
        return
    if limit < 1:
        fail(f"--limit must be at least 1 (got {limit})")
    from navwright.console import print_runs
    from navwright.store import RunStore

    with RunStore() as store:
        raise typer.Exit(print_runs(Console(), store, limit))


@runs_app.command("show")
def runs_show(run_id: RunIdArg) -> None:
    """Replay a run's events as text."""
    from navwright.console import print_run
    from navwright.store import RunStore

    with RunStore() as store:
        raise typer.Exit(print_run(Console(), store, run_id))


@runs_app.command("delete")
def runs_delete(run_id: RunIdArg) -> None:
    """Delete a run: its events, model calls and screenshot files."""
    from navwright.console import delete_runs

    raise typer.Exit(delete_runs(Console(), lambda store: [store.delete_run(run_id)]))


@runs_app.command("prune")
def runs_prune(
    older_than: Annotated[str, Opt(help="Delete runs started longer ago than this: 30d, 12h, 90m, 45s.")],
) -> None:
    """Delete every finished run older than --older-than, with its screenshot files."""
    from navwright.console import delete_runs

    seconds = parse_age(older_than)
    raise typer.Exit(delete_runs(Console(), lambda store: store.prune(seconds)))


def parse_age(text: str) -> float:
    """Seconds of an age such as `30d`, `12h`, `90m`, `45s` or `2w` (a bare number is days)."""
    found = _AGE.fullmatch(text)
    if found is None:
        fail(f"--older-than takes an age such as 30d, 12h, 90m or 45s (got {text!r})")
    return float(found.group(1)) * _UNITS[found.group(2) or "d"]
