"""Jobs with a line: a worker that talks with whoever submitted the job while it runs.

A batch job goes out and its outcome comes back. A live job (a server's run) also sends notes as they
happen (its events) and takes commands meanwhile (pause, stop, the person's answer). Notes and commands
are text (JSON of the caller's models), so the same line works through a pipe, a queue or a Ray call.

`LineRunner.run(job, line)` hands one job to a free worker and returns its outcome; a worker that
dies or cannot start gives the kind's failure outcome, in words, never an exception and never a hang.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Generic, Protocol

from navwright.runners.kind import J, J_contra, O, O_co


class JobLine(Protocol):
    """The worker's end of a job's line."""

    def send(self, note: str) -> None:
        """A note for the submitter (in order, as it happens)."""

    async def receive(self) -> str:
        """The next command from the submitter."""


class LineWorker(Protocol[J_contra, O_co]):
    """`async with worker: outcome = await worker.run(job, line)`."""

    async def __aenter__(self) -> LineWorker[J_contra, O_co]: ...

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...

    async def run(self, job: J_contra, line: JobLine) -> O_co: ...


@dataclass(frozen=True)
class LineKind(Generic[J, O]):
    """How to make line worker number n in any process (module-level functions or partials, as for
    `WorkerKind`), its job and outcome models, and the outcome of a job its worker could not finish."""

    make: Callable[[int], LineWorker[J, O]]
    job: type[J]
    outcome: type[O]
    failure: Callable[[J, str], O]
    label: str = "worker"


@dataclass
class Line:
    """The submitter's end: `on_note` gets each note as it arrives; put commands in `commands`."""

    on_note: Callable[[str], None]
    commands: asyncio.Queue[str] = field(default_factory=asyncio.Queue)

    def send(self, command: str) -> None:
        self.commands.put_nowait(command)


class QueueLine:
    """A worker-side `JobLine` whose commands arrive in an asyncio queue and whose notes go to `out`."""

    def __init__(self, out: Callable[[str], None]) -> None:
        self.out = out
        self.commands: asyncio.Queue[str] = asyncio.Queue()

    def send(self, note: str) -> None:
        self.out(note)

    async def receive(self) -> str:
        return await self.commands.get()


class LineRunner(Protocol[J_contra, O_co]):
    async def run(self, job: J_contra, line: Line) -> O_co: ...

    async def close(self) -> None:
        """End the workers (their jobs, if any, end as the kind's failure)."""
