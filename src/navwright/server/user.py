"""`WebUser`: the agent's questions wait for `POST /runs/{id}/answer`."""

from __future__ import annotations

import asyncio

from navwright.agent.events import Event, UserAsked
from navwright.agent.user import AskKind
from navwright.server.errors import NoQuestion
from navwright.server.schemas import AnswerRequest, Question


class WebUser:
    """A `UserChannel` whose answers come over HTTP, one question at a time.

    It also listens to the run's events: the question opens with the `UserAsked` event, in the same
    instant as the run's `waiting_for_user` state, so an answer sent as soon as the state shows is
    taken even if the agent has not started waiting yet.
    """

    def __init__(self) -> None:
        self.pending: Question | None = None
        self._reply: asyncio.Future[str] | None = None

    def emit(self, event: Event) -> None:
        if isinstance(event, UserAsked):
            self._open(Question(question=event.question, kind=event.kind))

    async def ask(self, question: str, kind: AskKind) -> str | None:
        if self._reply is None:
            self._open(Question(question=question, kind=kind))
        assert self._reply is not None
        try:
            return await self._reply
        finally:  # answered, or the run was stopped while it waited
            self.pending = None
            self._reply = None

    def answer(self, reply: AnswerRequest) -> str:
        """Hand the reply to the open question; returns what the agent receives."""
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

    def withdraw(self) -> None:
        """The run no longer waits (it was stopped, or it runs in a worker that ended the wait): the
        open question closes now, so a late answer is refused."""
        if self._reply is not None and not self._reply.done():
            self._reply.cancel()
        self.pending = None
        self._reply = None

    def _open(self, question: Question) -> None:
        self.pending = question
        self._reply = asyncio.get_running_loop().create_future()
