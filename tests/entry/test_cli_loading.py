"""The product CLI loads the benchmarks only for `navwright bench`, and that group lists and explains
the same commands as navwright.bench.cli's own."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from navwright.bench.cli import bench_app
from navwright.cli import app
from navwright.cli.bench import BENCH_HELP

LOADED = """
import sys
from typer.testing import CliRunner
from navwright.cli import app
for args in {runs}:
    result = CliRunner().invoke(app, args, prog_name="navwright")
    assert result.exit_code == 0, (args, result.output)
print(sorted(m for m in sys.modules if m == "navwright.bench" or m.startswith("navwright.bench.")))
"""
ENV = {"COLUMNS": "120", "NO_COLOR": "1"}
BENCH_COMMANDS = list(typer.main.get_group(bench_app).commands)


def bench_modules_after(*runs: list[str]) -> str:
    """The navwright.bench modules a fresh interpreter holds after importing the CLI, building its app
    and running it with each of `runs`."""
    code = LOADED.format(runs=list(runs))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_cli_and_its_other_commands_do_not_import_the_benchmarks() -> None:
    runs = [["--help"], ["run", "--help"], ["serve", "--help"], ["batch", "--help"], ["learn", "--help"],
            ["runs", "--help"], ["memory", "--help"], ["config", "--help"]]  # fmt: skip
    assert bench_modules_after(*runs) == "[]"


def test_a_bench_command_imports_them() -> None:
    assert "navwright.bench.cli" in bench_modules_after(["bench", "--help"])


def _help(args: list[str]) -> str:
    result = CliRunner().invoke(app, args, prog_name="navwright", env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def test_bench_lists_and_explains_what_the_benchmarks_define() -> None:
    assert bench_app.info.help == BENCH_HELP
    shown = _help(["bench", "--help"])
    listed = [line.split()[1] for line in shown.split("Commands")[1].splitlines()[1:] if line.split()[1:]]
    assert BENCH_HELP in shown and listed == BENCH_COMMANDS


@pytest.mark.parametrize("command", BENCH_COMMANDS)
def test_each_bench_command_has_its_own_help(command: str) -> None:
    alone = CliRunner().invoke(bench_app, [command, "--help"], prog_name="navwright bench", env=ENV)
    assert alone.exit_code == 0
    assert _help(["bench", command, "--help"]) == alone.output
