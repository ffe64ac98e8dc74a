"""`navwright demo`: the demo task on the bundled shop."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer
from rich.console import Console

Opt = typer.Option


def demo_command(
    runs: Annotated[int, Opt(help="How many times to run the demo task.")] = 1,
    category: Annotated[str, Opt(help="The kind of item to look for.")] = "headphones",
    headed: Annotated[bool, Opt(help="Show the browser window.")] = False,
    manifest: Annotated[bool, Opt(help="Let the shop publish its site API.")] = True,
    model: Annotated[str, Opt(help="Model spec (default: embedded).")] = "",
) -> None:
    """Run the demo task on the bundled shop (served on 127.0.0.1) with the embedded model."""
    from navwright.demo.task import run_demo

    raise typer.Exit(
        asyncio.run(run_demo(Console(), runs=runs, category=category, headed=headed, manifest=manifest,
                             model=model))
    )  # fmt: skip
