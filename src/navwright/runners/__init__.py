"""Runners: how jobs reach workers. One interface; in-process, a local process pool, or Ray.

A `WorkerKind` says how to make a worker (an async context manager with `run(job) -> outcome`) in any
process, and which pydantic models its jobs and outcomes are; every runner hands each outcome to
`on_outcome` as soon as it arrives, so the runners give the same results. The MiniWoB++ benchmark and
`navwright batch` both run on these.
"""

from navwright.runners.errors import RunnerError, WorkerStartFailed
from navwright.runners.kind import OnOutcome, Runner, Worker, WorkerKind
from navwright.runners.pool import InProcessRunner, ProcessPoolRunner, make_runner

__all__ = [
    "InProcessRunner",
    "OnOutcome",
    "ProcessPoolRunner",
    "Runner",
    "RunnerError",
    "Worker",
    "WorkerKind",
    "WorkerStartFailed",
    "make_runner",
]
