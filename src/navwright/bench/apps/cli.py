"""What `navwright bench apps` does once its options are checked: choose the tasks, run them, print and
write the report (the same rows, figures and traces as `bench tasks`); with `--ablate`, run them once
with every rule and once without each (bench/apps/ablate.py)."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

from rich.console import Console

from navwright.bench.apps.registry import Part, load_apps, load_split, select
from navwright.bench.apps.spec import AppSpec, AppTask
from navwright.bench.tasks.harness import TaskRow


def run_apps_command(
    *, part: str, ids: list[str] | None, app: str | None, kind: str | None, runs: int, timeout: float,
    model: str, out: Path | None, list_only: bool, without: list[str] | None = None,
    ablate: list[str] | None = None,
) -> None:
    """Raises ValueError for an unknown task, app or an empty choice. `ablate`: the rules to run without,
    one at a time, after a run with everything."""
    from navwright.bench.apps.harness import run_app_tasks
    from navwright.bench.tasks.report import build_report, print_report, write_report

    console = Console(width=None if sys.stdout.isatty() else 150)
    apps = load_apps()
    split = load_split()
    chosen = select(apps, split, part=cast(Part, part), ids=ids, app=app, kind=kind)
    if list_only:
        for _, t in chosen:
            console.print(f"{t.id:<28} {t.kind:<7} {split.part_of(t.id):<12} {t.request}", soft_wrap=True,
                          markup=False, highlight=False)  # fmt: skip
        return
    if not chosen:
        raise ValueError("no task matches")

    def show(r: TaskRow) -> None:
        console.print(f"{r.id}: {'[green]success[/]' if r.success else '[red]failed[/]'} (agent {r.status}, "
                      f"{r.model_calls} calls, {r.seconds:.0f} s) {r.why}", soft_wrap=True)  # fmt: skip

    signal.signal(signal.SIGTERM, signal.default_int_handler)  # a kill unwinds like Ctrl-C: servers stop
    if ablate is not None:
        run_ablation(chosen, ablate, part=part, runs=runs, timeout=timeout, model=model, out=out,
                     without=without or [], console=console, show=show)  # fmt: skip
        return
    rows, notes = asyncio.run(run_app_tasks(
        chosen, model=model, timeout=timeout, runs=runs, on_row=show, without=without or [],
        trace_dir=out / "traces" if out else None,
        say=lambda s: console.print(f"[cyan]{s}[/]", soft_wrap=True),
    ))  # fmt: skip
    title = f"Apps ({part} part)"
    report = build_report(rows, model=model, runs=runs, notes=notes, title=title)
    if out is not None:
        write_report(report, out)
    print_report(report, console)


def run_ablation(
    chosen: list[tuple[AppSpec, AppTask]], rules: list[str], *, part: str, runs: int, timeout: float,
    model: str, out: Path | None, without: list[str], console: Console, show: Callable[[TaskRow], None],
) -> None:
    """The chosen tasks with every rule, then without each of `rules`; prints and writes the gains."""
    from navwright.bench.apps.ablate import ablate, gain_table, write_ablation
    from navwright.bench.apps.harness import run_app_tasks

    variant = ["everything"]

    async def run_rows(off: list[str]) -> list[TaskRow]:
        traces = out / "traces" / variant[0] if out else None
        rows, notes = await run_app_tasks(chosen, model=model, timeout=timeout, runs=runs, on_row=show,
                                          without=off, trace_dir=traces,
                                          say=lambda s: console.print(f"[cyan]{s}[/]", soft_wrap=True))
        for note in notes:
            console.print(f"[yellow]{note}[/]", soft_wrap=True)
        return rows

    def started(name: str) -> None:
        variant[0] = name
        console.print(f"[bold]{'with every rule' if name == 'everything' else f'without {name}'}[/]")

    report = asyncio.run(ablate(rules, run_rows, model=model, part=part, runs=runs, without=without,
                                on_variant=started))  # fmt: skip
    console.print(gain_table(report))
    if out is not None:
        console.print(f"figures written to {write_ablation(report, out)}")
