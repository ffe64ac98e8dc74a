"""`ConsoleUser`: the person at the terminal answers the agent's questions."""

from __future__ import annotations

import asyncio
import sys
from typing import Literal, TextIO

from rich.console import Console
from rich.text import Text

from navwright.printable import printable

YES = ("y", "yes")
NO = ("n", "no")


class ConsoleUser:
    """Asks on the terminal. Returns None when the input is not a terminal (a non-interactive run)
    or is closed; a `confirm` question returns "yes" or "no"."""

    def __init__(self, console: Console, *, stream: TextIO | None = None) -> None:
        self.console = console
        self.stream = stream if stream is not None else sys.stdin

    def interactive(self) -> bool:
        try:
            return self.stream.isatty()
        except (ValueError, OSError):
            return False

    async def ask(self, question: str, kind: Literal["data", "confirm"] | str = "data") -> str | None:
        if not self.interactive():
            return None
        if kind != "confirm":
            return await self._read(Text.assemble(("? ", "bold yellow"), printable(question), " > "))
        prompt = Text.assemble(("? ", "bold yellow"), printable(question), (" [y/n] ", "dim"))
        while True:
            answer = await self._read(prompt)
            if answer is None:
                return None
            if answer.lower() in YES:
                return "yes"
            if answer.lower() in NO:
                return "no"
            self.console.print("Please answer y or n.", style="yellow")

    async def _read(self, prompt: Text) -> str | None:
        self.console.print(prompt, end="")
        try:
            line = await asyncio.to_thread(self.stream.readline)
        except (OSError, ValueError):
            return None
        return line.strip() if line else None
