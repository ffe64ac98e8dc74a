"""The run's state machine: running ⇄ paused → waiting_for_user → running → finished | failed | stopped.

`pause`, `resume`, `stop` and `edit_task` are plain methods, safe to call from another asyncio task
while the run is going; the run notices them at its next checkpoint (between model calls and actions).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from navwright.agent.events import RunStatus, StateChanged, TaskEdited
from navwright.agent.outcomes import StepInterrupted, Stopped

T = TypeVar("T")


class RunControl:
    def __init__(self, run_id: str, task: str, emit: Callable[[StateChanged | TaskEdited], None]) -> None:
        self.run_id = run_id
        self.task = task
        self.state: RunStatus = "running"
        self._emit = emit
        self._running = asyncio.Event()
        self._running.set()
        self._stopped = asyncio.Event()
        self._task_changed = False

    def set_state(self, state: RunStatus) -> None:
        if state == self.state:
            return
        self.state = state
        self._emit(StateChanged(run_id=self.run_id, state=state))

    def pause(self) -> None:
        if self.state == "running":
            self._running.clear()
            self.set_state("paused")

    def resume(self) -> None:
        if self.state == "paused":
            self.set_state("running")
        self._running.set()

    def stop(self) -> None:
        self._stopped.set()
        self._running.set()

    def edit_task(self, text: str) -> None:
        self.task = text
        self._task_changed = True
        self._emit(TaskEdited(run_id=self.run_id, task=text))

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def take_task_change(self) -> bool:
        changed, self._task_changed = self._task_changed, False
        return changed

    async def checkpoint(self, *, in_step: bool = False) -> None:
        """Wait while paused; raise Stopped after stop(), StepInterrupted inside a step after an edit."""
        if not self._running.is_set():
            await self._running.wait()
        if self.stopped:
            raise Stopped()
        if in_step and self._task_changed:
            raise StepInterrupted()

    async def race(self, work: Awaitable[T]) -> T:
        """Await `work`, but end at once with Stopped when stop() is called meanwhile."""
        job = asyncio.ensure_future(work)
        stop = asyncio.ensure_future(self._stopped.wait())
        try:
            await asyncio.wait({job, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
        if not job.done():
            job.cancel()
            raise Stopped()
        return job.result()
