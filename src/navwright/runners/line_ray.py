"""Live jobs on Ray: one async actor per worker (up to N), kept for the next jobs.

While a job runs, this process long-polls the actor for its notes (`take_notes`) and calls `command`
for each command; Ray runs an async actor's calls concurrently, so neither waits for the job. An actor
that dies fails its calls: the job ends as the kind's failure, and the next job gets a new actor.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Generic

from navwright.runners.errors import WorkerStartFailed
from navwright.runners.kind import J, O
from navwright.runners.line import Line, LineKind, LineWorker, QueueLine
from navwright.runners.ray import first_line, ray_address, start_ray


class LineActor:
    """Ray actor body: starts its worker on the first job, runs one job at a time, buffers its notes.

    Ray may start an async actor's calls out of order, so every call names its job (counted from 1):
    a command that arrives before its job has started waits in that job's line."""

    def __init__(self, kind: LineKind[Any, Any], number: int) -> None:
        self.kind, self.number = kind, number
        self.worker: LineWorker[Any, Any] | None = None
        self.job = 0
        self.line = QueueLine(self._note)
        self.notes: list[str] = []
        self.finished = 0
        self.changed = asyncio.Event()

    def _line_of(self, job: int) -> QueueLine | None:
        """Job `job`'s line (opened by whichever of its calls comes first); None for a past job."""
        if job > self.job:
            self.job, self.line = job, QueueLine(self._note)
        return self.line if job == self.job else None

    async def run(self, job: int, job_json: str) -> tuple[str, str]:
        """("done", outcome JSON), or ("fatal", why) when the worker could not start."""
        line = self._line_of(job)
        assert line is not None, "jobs run one after another"
        try:
            if self.worker is None:
                self.worker = await self.kind.make(self.number).__aenter__()
            outcome = await self.worker.run(self.kind.job.model_validate_json(job_json), line)
            return "done", str(outcome.model_dump_json())
        except WorkerStartFailed as exc:
            return "fatal", f"could not start: {exc}"
        finally:
            self.finished = job
            self.changed.set()

    def _note(self, note: str) -> None:
        self.notes.append(note)
        self.changed.set()

    async def command(self, job: int, text: str) -> None:
        line = self._line_of(job)
        if line is not None:
            line.commands.put_nowait(text)

    async def take_notes(self, job: int) -> tuple[list[str], bool]:
        """The notes so far of job number `job` (from 1), once there are any; True once it finished."""
        while not self.notes and self.finished < job:
            self.changed.clear()
            await self.changed.wait()
        notes, self.notes = self.notes, []
        return notes, self.finished >= job

    async def close(self) -> None:
        if self.worker is not None:
            await self.worker.__aexit__(None, None, None)
            self.worker = None


class _Actor:
    def __init__(self, handle: Any) -> None:
        self.handle, self.jobs, self.alive = handle, 0, True


class RayLineRunner(Generic[J, O]):
    def __init__(self, kind: LineKind[J, O], workers: int, address: str) -> None:
        self.kind, self.workers = kind, workers
        self.address = ray_address(address)
        self._room = asyncio.Semaphore(workers)
        self._idle: list[_Actor] = []
        self._all: list[_Actor] = []
        self._ray: Any = None

    async def run(self, job: J, line: Line) -> O:
        async with self._room:
            try:
                actor = self._idle.pop() if self._idle else await self._new_actor()
                what, text = await self._drive(actor, job, line)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the actor died, Ray failed: the job ends in words
                return self.kind.failure(job, f"the Ray {self.kind.label} failed: {first_line(exc)}")
        if what == "done":
            return self.kind.outcome.model_validate_json(text)
        return self.kind.failure(job, text)

    async def _new_actor(self) -> _Actor:
        if self._ray is None:
            self._ray = await asyncio.to_thread(start_ray, self.address)
        handle = self._ray.remote(num_cpus=1)(LineActor).remote(self.kind, len(self._all))
        actor = _Actor(handle)
        self._all.append(actor)
        return actor

    async def _drive(self, actor: _Actor, job: J, line: Line) -> tuple[str, str]:
        actor.jobs += 1
        outcome = actor.handle.run.remote(actor.jobs, job.model_dump_json())
        notes = asyncio.create_task(_deliver(actor, line))
        forward = asyncio.create_task(_forward(actor, line))
        kept = False
        try:
            result: tuple[str, str] = await outcome
            await notes
            kept = result[0] == "done"
            return result
        finally:
            notes.cancel()
            forward.cancel()
            if kept:
                self._idle.append(actor)
            else:  # dead, broken, or the job was cancelled while it ran
                self._all.remove(actor)
                with contextlib.suppress(Exception):
                    self._ray.kill(actor.handle)

    async def close(self) -> None:
        actors, self._all, self._idle = self._all, [], []
        for actor in actors:
            try:
                await asyncio.wait_for(actor.handle.close.remote(), 30)
            except Exception:
                self._ray.kill(actor.handle)


async def _deliver(actor: _Actor, line: Line) -> None:
    """Hand each note of the actor's current job to the line until the job has finished."""
    finished = False
    while not finished:
        notes, finished = await actor.handle.take_notes.remote(actor.jobs)
        for note in notes:
            line.on_note(note)


async def _forward(actor: _Actor, line: Line) -> None:
    while True:
        await actor.handle.command.remote(actor.jobs, await line.commands.get())
