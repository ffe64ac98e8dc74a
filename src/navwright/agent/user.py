"""How the agent asks the person for data or confirmation."""

from __future__ import annotations

import asyncio
from typing import Literal, Protocol

AskKind = Literal["data", "confirm"]


class UserChannel(Protocol):
    """`ask` returns the answer, or None when nobody can answer (a non-interactive run)."""

    async def ask(self, question: str, kind: AskKind) -> str | None: ...


class NoUser:
    """Nobody is there: every question ends the run with status needs_user."""

    async def ask(self, question: str, kind: AskKind) -> str | None:
        return None


class QueueUser:
    """Answers arrive from elsewhere (a web UI, a test) through `answer(text)`."""

    def __init__(self) -> None:
        self._answers: asyncio.Queue[str | None] = asyncio.Queue()
        self.questions: list[tuple[str, AskKind]] = []

    def answer(self, text: str | None) -> None:
        self._answers.put_nowait(text)

    async def ask(self, question: str, kind: AskKind) -> str | None:
        self.questions.append((question, kind))
        return await self._answers.get()


def is_yes(answer: str | None) -> bool:
    return (answer or "").strip().lower() in {"y", "yes", "ok", "approve", "approved", "true", "1"}
