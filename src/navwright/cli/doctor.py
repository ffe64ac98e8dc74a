"""`navwright doctor`: does the browser launch, do the models answer."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

Opt = typer.Option


def doctor_command(
    generate: Annotated[bool, Opt(help="Time a short generation with each model.")] = True,
    config: Annotated[Path | None, Opt(help="Model config file (TOML).")] = None,
) -> None:
    """Check that the browser launches and the configured models answer."""
    from navwright.doctor import run_doctor

    raise typer.Exit(asyncio.run(run_doctor(Console(), config=config, generate=generate)))
