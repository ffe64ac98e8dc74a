from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from io import StringIO
from typing import TextIO

import pytest
from rich.console import Console

from navwright.console import ConsoleUser


@pytest.fixture
def tty() -> Iterator[tuple[TextIO, int]]:
    """A real pseudo-terminal: the user side reads what the test writes to the other end."""
    leader, follower = os.openpty()
    with os.fdopen(follower, "r") as reader:
        yield reader, leader
    os.close(leader)


async def test_a_non_interactive_input_gets_no_answer() -> None:
    console = Console(file=StringIO())
    user = ConsoleUser(console, stream=StringIO("yes\n"))
    assert await user.ask("Pay 10?", "confirm") is None
    assert await user.ask("Your email?", "data") is None


async def test_a_confirmation_asks_until_yes_or_no(tty: tuple[TextIO, int]) -> None:
    reader, leader = tty
    out = StringIO()
    user = ConsoleUser(Console(file=out, width=120), stream=reader)
    os.write(leader, b"maybe\nY\n")
    assert await asyncio.wait_for(user.ask("Pay 19.99?", "confirm"), 5) == "yes"
    assert "Pay 19.99? [y/n]" in out.getvalue() and "Please answer y or n." in out.getvalue()
    os.write(leader, b"no\n")
    assert await asyncio.wait_for(user.ask("Delete it?", "confirm"), 5) == "no"


async def test_a_data_question_returns_the_typed_line(tty: tuple[TextIO, int]) -> None:
    reader, leader = tty
    user = ConsoleUser(Console(file=StringIO()), stream=reader)
    os.write(leader, b"  ada@example.org \n")
    assert await asyncio.wait_for(user.ask("Your email?", "data"), 5) == "ada@example.org"
