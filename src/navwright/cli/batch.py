"""`navwright batch TASKS.jsonl --out DIR`: many tasks through a local process pool or Ray."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Annotated

import typer

from navwright.console.errors import fail
from navwright.printable import printable

Opt = typer.Option


def batch_command(
    tasks: Annotated[Path, typer.Argument(help="A JSON-lines file: one {task, url, options} a line.")],
    out: Annotated[Path, Opt(help="Folder for results.jsonl (a second run skips tasks already there).")],
    workers: Annotated[int, Opt(help="Worker processes (each with its own browser and models).")] = 1,
    ray: Annotated[str | None, Opt(help="Run the workers on Ray: 'local' or a cluster address.")] = None,
    timeout: Annotated[float, Opt(help="Seconds each task may take.")] = 300.0,
    model: Annotated[str, Opt(help="Model for planner and navigator (embedded | openai:MODEL[@URL]).")] = "",
    config: Annotated[Path | None, Opt(help="Config file (TOML) instead of the default one.")] = None,
) -> None:
    """Run many tasks, one result line per task as it finishes, and print a summary."""
    from navwright.api import run_overrides
    from navwright.batch import BatchError, BatchResult, run_batch
    from navwright.config import ConfigError, load_settings

    if workers < 1:
        fail(f"--workers must be at least 1 (got {workers})")
    if timeout <= 0:
        fail(f"--timeout must be more than 0 (got {timeout:g})")
    try:
        settings = load_settings(config, overrides=run_overrides(model=model)).settings
    except ConfigError as exc:
        fail(str(exc))

    def show(r: BatchResult) -> None:
        said = r.answer or r.error
        print(printable(f"{r.id}\t{r.status}\t{r.seconds:.1f}s\t{said[:120]}"), flush=True)

    try:
        summary = asyncio.run(run_batch(tasks, out, settings, workers=workers, ray=ray, timeout_s=timeout,
                                        on_result=show))  # fmt: skip
    except BatchError as exc:
        fail(str(exc))
    if summary.not_recorded:
        print(printable(f"navwright: these runs were not recorded: {summary.not_recorded}"), file=sys.stderr)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.statuses.items())) or "nothing"
    skipped = f" ({summary.skipped} already done)" if summary.skipped else ""
    print(f"{summary.tasks} tasks{skipped}: {counts}; {summary.seconds:.1f} s; results in {summary.results}")
    raise typer.Exit(0 if summary.statuses.get("success", 0) == summary.tasks else 1)

