"""Task runs started by MCP clients: each runs in the background, asks its questions through
`answer_question`, and is looked up by its run id. A client waits a bounded time for each reply."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

from navwright.agent.outcomes import RunResult
from navwright.agent.user import AskKind
from navwright.mcp.limits import ANSWER_CHARS, MAX_EVIDENCE, clip

RunState = Literal["running", "waiting_for_user", "success", "unverified", "failed", "stopped",
                   "needs_user"]


class TaskReply(BaseModel):
    """What the task tools answer."""

    run_id: str
    status: RunState
    answer: str = ""
    evidence: list[str] = Field(default_factory=list)
    """`URL: "quoted line"` for each fact of the answer (untrusted page text)."""
    question: str = ""
    """What the run asks (status waiting_for_user): answer it with answer_question."""
    error: str = ""
    stored_as: str = ""
    """The run's id in navwright's run store (`navwright runs show ID`), once it has ended."""


class McpUser:
    """The run's questions wait here for a client's answer_question."""

    def __init__(self, changed: asyncio.Event) -> None:
        self.question: str = ""
        self._changed = changed
        self._answer: asyncio.Future[str | None] | None = None

    async def ask(self, question: str, kind: AskKind) -> str | None:
        self._answer = asyncio.get_running_loop().create_future()
        self.question = question + (" (answer yes or no)" if kind == "confirm" else "")
        self._changed.set()
        try:
            return await self._answer
        finally:
            self.question, self._answer = "", None

    def answer(self, text: str) -> bool:
        if self._answer is None or self._answer.done():
            return False
        self.question = ""
        self._answer.set_result(text)
        return True


@dataclass
class RunHandle:
    run_id: str
    user: McpUser
    changed: asyncio.Event
    task: asyncio.Task[RunResult] | None = None

    def reply(self) -> TaskReply:
        if self.task is None or not self.task.done():
            if self.user.question:
                return TaskReply(run_id=self.run_id, status="waiting_for_user", question=self.user.question)
            return TaskReply(run_id=self.run_id, status="running")
        if self.task.cancelled():
            return TaskReply(run_id=self.run_id, status="stopped", error="the server stopped the run")
        result = self.task.result()
        evidence = [clip(f'{e.url}: "{e.quote}"', ANSWER_CHARS // 10) for e in result.evidence[:MAX_EVIDENCE]]
        answer = clip(result.answer, ANSWER_CHARS)
        return TaskReply(run_id=self.run_id, status=result.status, answer=answer, evidence=evidence,
                         error=clip(result.error or "", ANSWER_CHARS), stored_as=result.run_id)  # fmt: skip

    async def wait(self, seconds: float) -> TaskReply:
        """The reply once the run ends or asks something, or after `seconds`."""
        if self.task is not None and not self.task.done() and not self.user.question:
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), seconds)
        return self.reply()


@dataclass
class RunRegistry:
    runs: dict[str, RunHandle] = field(default_factory=dict)
    _count: int = 0

    def start(self, work: Callable[[McpUser], Awaitable[RunResult]]) -> RunHandle:
        self._count += 1
        changed = asyncio.Event()
        handle = RunHandle(run_id=f"mcp-{self._count}", user=McpUser(changed), changed=changed)

        async def go() -> RunResult:
            try:
                result = await work(handle.user)
            finally:
                changed.set()
            if result.run_id:
                self.runs[result.run_id] = handle
            return result

        handle.task = asyncio.create_task(go())
        self.runs[handle.run_id] = handle
        return handle

    def get(self, run_id: str) -> RunHandle:
        handle = self.runs.get(run_id.strip())
        if handle is None:
            known = ", ".join(self.runs) or "none yet"
            raise ValueError(f"there is no run {run_id!r} on this server (runs: {known})")
        return handle

    async def stop_all(self) -> None:
        tasks = [h.task for h in self.runs.values() if h.task is not None and not h.task.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
