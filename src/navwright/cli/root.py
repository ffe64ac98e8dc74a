"""The `navwright` command: each command or group lives in its own module of navwright.cli; this one
assembles them (the order here is the order `navwright --help` lists them) and is the entry point."""

from __future__ import annotations

import os
import sys

import typer

from navwright.cli.batch import batch_command
from navwright.cli.bench import bench_app
from navwright.cli.config import config_app
from navwright.cli.demo import demo_command
from navwright.cli.doctor import doctor_command
from navwright.cli.learn import learn_command
from navwright.cli.mcp import mcp_command
from navwright.cli.memory import memory_app
from navwright.cli.models import models_app
from navwright.cli.profiles import profiles_app
from navwright.cli.run import run_command
from navwright.cli.runs import runs_app
from navwright.cli.serve import serve_command
from navwright.cli.teach import teach_command

app = typer.Typer(
    name="navwright",
    help="A web agent: plans a task as website steps and carries them out in a real Chromium browser.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(models_app, name="models")
app.add_typer(runs_app, name="runs")
app.add_typer(bench_app, name="bench")
app.add_typer(config_app, name="config")
app.add_typer(profiles_app, name="profiles")
app.add_typer(memory_app, name="memory")
app.command("mcp")(mcp_command)
app.command("batch")(batch_command)
app.command("teach")(teach_command)
app.command("learn")(learn_command)
app.command("run")(run_command)
app.command("demo")(demo_command)
app.command("serve")(serve_command)
app.command("doctor")(doctor_command)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        print("navwright: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # the last line of defence: words, never a traceback
        if os.environ.get("NAVWRIGHT_DEBUG"):
            raise
        print(f"navwright: {type(exc).__name__}: {exc} (set NAVWRIGHT_DEBUG=1 for details)", file=sys.stderr)
        sys.exit(2)
