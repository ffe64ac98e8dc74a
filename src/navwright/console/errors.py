"""How a command line ends on bad input: one red line on stderr, exit code 2, never a traceback."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from navwright.printable import printable


def fail(message: str) -> NoReturn:
    Console(stderr=True).print(printable(f"navwright: {message}"), style="red", markup=False, soft_wrap=True,
                               highlight=False)
    raise typer.Exit(2)
