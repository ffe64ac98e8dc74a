"""`WebUser`: the agent's questions wait for `POST /runs/{id}/answer`."""

from __future__ import annotations

import asyncio

from navwright.agent.user import AskKind
from navwright.server.errors import NoQuestion
from navwright.server.schemas import AnswerRequest, Question


class WebUser:
    """A `UserChannel` whose answers come over HTTP. One question at a time, as the agent asks."""

    def __init__(self) -> None:
        self.pending: Question | None = None
        self._reply: asyncio.Future[str] | None = None

    async def ask(self, question: str, kind: AskKind) -> str | None:
        self.pending = Question(question=question, kind=kind)
        self._reply = asyncio.get_running_loop().create_future()
        try:
            return await self._reply
        finally:  # answered, or the run was stopped while it waited
            self.pending = None
            self._reply = None

    def answer(self, reply: AnswerRequest) -> str:
        """Hand the reply to the waiting question; returns what the agent receives."""
        if self.pending is None or self._reply is None or self._reply.done():
            raise NoQuestion("the run is not waiting for an answer")
        if self.pending.kind == "confirm":
            if reply.approve is None:
                raise ValueError("this question asks for approval: send approve true or false")
            text = "yes" if reply.approve else "no"
        else:
            if reply.text is None:
                raise ValueError("this question asks for data: send text with the answer")
            text = reply.text.strip()
        self._reply.set_result(text)
        return text
