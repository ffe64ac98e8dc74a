"""What a runner needs to know about its workers and jobs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

J = TypeVar("J", bound=BaseModel)
O = TypeVar("O", bound=BaseModel)  # noqa: E741
J_contra = TypeVar("J_contra", bound=BaseModel, contravariant=True)
O_co = TypeVar("O_co", bound=BaseModel, covariant=True)


class Worker(Protocol[J_contra, O_co]):
    """`async with worker: outcome = await worker.run(job)`; a failure to start is WorkerStartFailed."""

    async def __aenter__(self) -> Worker[J_contra, O_co]: ...

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...

    async def run(self, job: J_contra) -> O_co: ...


@dataclass(frozen=True)
class WorkerKind(Generic[J, O]):
    """How to make worker number n in any process. Everything here travels to worker processes and Ray
    actors, so `make` and `failure` are module-level functions (or partials of them)."""

    make: Callable[[int], Worker[J, O]]
    job: type[J]
    outcome: type[O]
    failure: Callable[[J, str], O]
    """The outcome of a job its worker could not finish (the worker died, Ray failed)."""
    label: str = "worker"
    """How messages name a worker: "benchmark worker", "batch worker"."""
    deadline_s: float | None = None
    """Seconds a job may take in a worker process (its own time limit and a grace): past it, the process
    is stopped (a model call stuck in native code never answers a cancel), the job recorded as this
    kind's failure and a new worker takes the next job. None: no deadline."""


OnOutcome = Callable[[O], None]


class Runner(Protocol[J, O_co]):
    async def run(self, jobs: list[J], on_outcome: Callable[[O_co], None]) -> None: ...
