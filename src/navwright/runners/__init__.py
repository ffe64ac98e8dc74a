"""Runners: how jobs reach workers. One interface; in-process, a local process pool, or Ray.

A `WorkerKind` says how to make a worker (an async context manager with `run(job) -> outcome`) in any
process, and which pydantic models its jobs and outcomes are; every runner hands each outcome to
`on_outcome` as soon as it arrives, so the runners give the same results. The MiniWoB++ benchmark and
`navwright batch` both run on these.

A `LineKind` is the same for jobs that talk while they run (`runners/line.py`): a `LineRunner` hands
one job at a time to a process or a Ray actor, passing its notes back and commands in as they come.
`navwright serve --runner process|ray` runs its queue on these.

`make_runner(kind, workers=, ray=)` (`runners/factory.py`) builds every runner, of either kind.
"""

from navwright.runners.errors import RunnerError, WorkerStartFailed
from navwright.runners.factory import make_runner
from navwright.runners.kind import OnOutcome, Runner, Worker, WorkerKind
from navwright.runners.line import JobLine, Line, LineKind, LineRunner, LineWorker
from navwright.runners.pool import InProcessRunner, ProcessPoolRunner

__all__ = [
    "InProcessRunner",
    "JobLine",
    "Line",
    "LineKind",
    "LineRunner",
    "LineWorker",
    "OnOutcome",
    "ProcessPoolRunner",
    "Runner",
    "RunnerError",
    "Worker",
    "WorkerKind",
    "WorkerStartFailed",
    "make_runner",
]
