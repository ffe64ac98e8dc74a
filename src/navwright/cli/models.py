"""`navwright models pull`: the embedded model."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from navwright.console.errors import fail

models_app = typer.Typer(help="The embedded model and configured models.", no_args_is_help=True)
Opt = typer.Option


@models_app.command("pull")
def models_pull(
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    dest: Annotated[Path | None, Opt(help="Folder for the model file.")] = None,
) -> None:
    """Assemble and verify the embedded model in the cache folder (once)."""
    from navwright.models.weights import pull

    try:
        path = pull(progress=not quiet, dest_dir=dest)
    except Exception as exc:  # a user-facing command: every failure becomes one line
        fail(f"could not fetch the embedded model: {exc}")
    print(f"embedded model ready: {path}")
