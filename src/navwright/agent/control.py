"""The run's state machine: running ⇄ paused → waiting_for_user → running → finished | failed | stopped.

`pause`, `resume`, `stop` and `edit_task` are plain methods, safe to call from another asyncio task
while the run is going; the run notices them at its next checkpoint (between model calls and actions),
and a model call in flight does not make the person wait: `Held` cancels it at once (the embedded
model stops within a second, in the middle of its prompt too) and makes it again after resume, or
ends the step for the edited task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from navwright.agent.events import RunStatus, StateChanged, TaskEdited
from navwright.agent.outcomes import StepInterrupted, Stopped
from navwright.agent.task.intent import TaskIntent, parse
from navwright.models.base import ChatModel, Completion, Message

T = TypeVar("T")


class RunControl:
    def __init__(self, run_id: str, task: str, emit: Callable[[StateChanged | TaskEdited], None]) -> None:
        self.run_id = run_id
        self.task = task
        self._intent: TaskIntent | None = None
        self.state: RunStatus = "running"
        self._emit = emit
        self._running = asyncio.Event()
        self._running.set()
        self._stopped = asyncio.Event()
        self._paused = asyncio.Event()
        self._edited = asyncio.Event()

    @property
    def intent(self) -> TaskIntent:
        """The task as typed facts, parsed once per text of the task (an edit is parsed anew)."""
        if self._intent is None or self._intent.text != self.task:
            self._intent = parse(self.task)
        return self._intent

    def set_state(self, state: RunStatus) -> None:
        if state == self.state:
            return
        self.state = state
        self._emit(StateChanged(run_id=self.run_id, state=state))

    def pause(self) -> None:
        if self.state == "running":
            self._running.clear()
            self._paused.set()
            self.set_state("paused")

    def resume(self) -> None:
        if self.state == "paused":
            self.set_state("running")
        self._paused.clear()
        self._running.set()

    def stop(self) -> None:
        self._stopped.set()
        self._paused.clear()
        self._running.set()

    def edit_task(self, text: str) -> None:
        self.task = text
        self._edited.set()
        self._emit(TaskEdited(run_id=self.run_id, task=text))

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def take_task_change(self) -> bool:
        changed = self._edited.is_set()
        self._edited.clear()
        return changed

    async def checkpoint(self, *, in_step: bool = False) -> None:
        """Wait while paused; raise Stopped after stop(), StepInterrupted inside a step after an edit."""
        if not self._running.is_set():
            await self._running.wait()
        if self.stopped:
            raise Stopped()
        if in_step and self._edited.is_set():
            raise StepInterrupted()

    async def race(self, work: Awaitable[T]) -> T:
        """Await `work`, but end at once with Stopped when stop() is called meanwhile."""
        job = asyncio.ensure_future(work)
        if await self._first(job, self._stopped):
            return job.result()
        raise Stopped()

    async def held(self, make: Callable[[], Awaitable[T]], *, edits: bool = True) -> T:
        """Await what `make()` starts (a model call) while the person lets it run: a pause cancels it at
        once and, after resume, `make()` starts it again (nothing is lost); an edit of the task (when
        `edits`) cancels it and raises StepInterrupted, so that the run asks again for the edited task;
        a stop raises Stopped."""
        while True:
            await self.checkpoint(in_step=edits)
            job = asyncio.ensure_future(make())
            if await self._first(job, self._stopped, self._paused, *([self._edited] if edits else [])):
                return job.result()

    async def _first(self, job: asyncio.Future[T], *events: asyncio.Event) -> bool:
        """Wait for `job` or one of `events`; True when the job ended (and the run was not stopped),
        else it is cancelled. Cancelled itself (a race around it lost), it cancels the job too."""
        waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(e.wait()) for e in events]
        try:
            await asyncio.wait([job, *waits], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
            ended = job.done() and not self.stopped
            if not ended:
                job.cancel()
        return ended


class Held:
    """A model whose every call runs under `RunControl.held`: pausing or editing the run cancels the
    call in flight at once and the run makes it again (`edits`: False for the verdict's check call,
    which an edit does not undo)."""

    def __init__(self, model: ChatModel, control: RunControl, *, edits: bool = True) -> None:
        self.model = model
        self.control = control
        self.edits = edits
        self.name = model.name
        self.stats = model.stats

    async def complete(
        self, messages: list[Message], schema: type[BaseModel] | None = None, *, max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:  # fmt: skip
        def call() -> Awaitable[Completion]:
            return self.model.complete(messages, schema, max_tokens=max_tokens, temperature=temperature)

        return await self.control.held(call, edits=self.edits)
