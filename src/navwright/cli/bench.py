"""`navwright bench …`: the benchmarks' commands (navwright/bench/cli.py), loaded when a bench command
is asked for, so that every other command (and `navwright --help`) runs without importing the benchmarks."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import TYPE_CHECKING

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:
    from typer._click import Command  # typer's own click, whose commands a TyperGroup holds

BENCH_HELP = "Benchmarks that print figures (medians and ratios)."
"""The root's --help lists it without loading the benchmarks: the help of `navwright.bench.cli.bench_app`
(tests/entry/test_cli_loading.py keeps the two the same)."""


class LazyBenchGroup(TyperGroup):
    """A group whose commands are navwright.bench.cli's, read the first time a command is asked for
    (to run it, list it, suggest it or complete it)."""

    _loaded: MutableMapping[str, Command] | None = None

    @property
    def commands(self) -> MutableMapping[str, Command]:
        if self._loaded is None:
            from navwright.bench.cli import bench_app

            self._loaded = typer.main.get_group(bench_app).commands
        return self._loaded

    @commands.setter
    def commands(self, given: MutableMapping[str, Command]) -> None:
        """Typer hands in the commands it knows of: none, as this group is built with none."""


bench_app = typer.Typer(cls=LazyBenchGroup, help=BENCH_HELP, no_args_is_help=True)
