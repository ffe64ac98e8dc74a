"""In-process and process-pool runners: N spawned processes, each with one worker, pulling jobs from
one queue; a process that dies has its job recorded as the kind's failure."""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import queue
import time
from collections.abc import Callable
from typing import Any, Generic

from navwright.runners.errors import RunnerError, WorkerStartFailed
from navwright.runners.kind import J, O, WorkerKind


class InProcessRunner(Generic[J, O]):
    """One worker in this process: the pool of size 1 (the sane choice with an in-process CPU model)."""

    def __init__(self, kind: WorkerKind[J, O]) -> None:
        self.kind = kind

    async def run(self, jobs: list[J], on_outcome: Callable[[O], None]) -> None:
        if not jobs:
            return
        try:
            async with self.kind.make(0) as worker:
                for job in jobs:
                    on_outcome(await worker.run(job))
        except WorkerStartFailed as exc:
            raise RunnerError(f"the {self.kind.label} stopped: {exc}") from exc


class ProcessPoolRunner(Generic[J, O]):
    """N worker processes (spawned), each with its own worker, pulling from one queue; a process whose
    job runs past the kind's deadline is stopped and replaced."""

    def __init__(self, kind: WorkerKind[J, O], workers: int) -> None:
        self.kind, self.workers = kind, workers

    async def run(self, jobs: list[J], on_outcome: Callable[[O], None]) -> None:
        if not jobs:
            return
        pool = _Pool(self.kind, min(self.workers, len(jobs)))
        for job in jobs:
            pool.todo.put(job.model_dump_json())
        for _ in range(pool.count):
            pool.todo.put(None)
        for n in range(pool.count):
            pool.start(n)
        try:
            await _collect(pool, on_outcome)
        finally:
            pool.close()


class _Pool(Generic[J, O]):
    """The processes of one run, their queues, and the job each one runs since when."""

    def __init__(self, kind: WorkerKind[J, O], count: int) -> None:
        self.kind, self.count = kind, count
        self.ctx = mp.get_context("spawn")
        self.todo: Any = self.ctx.Queue()
        self.results: Any = self.ctx.Queue()
        self.procs: dict[int, Any] = {}
        self.running: dict[int, tuple[J, float] | None] = {}

    def start(self, n: int) -> None:
        proc = self.ctx.Process(target=worker_process, args=(n, self.kind, self.todo, self.results),
                                name=f"navwright-worker-{n}", daemon=True)
        proc.start()
        self.procs[n], self.running[n] = proc, None

    def overdue(self) -> list[tuple[int, J]]:
        """The workers whose job ran past the kind's deadline, with that job."""
        limit = self.kind.deadline_s
        if limit is None:
            return []
        now = time.monotonic()
        return [(n, run[0]) for n, run in self.running.items() if run is not None and now - run[1] > limit]

    def replace(self, n: int) -> None:
        """Stop worker n (its job overran) and start another in its place for the jobs left (the stopped
        one never read its end of the queue, so the new one reads that)."""
        proc = self.procs[n]
        proc.terminate()
        proc.join(timeout=10)
        del self.running[n]
        self.start(max(self.procs) + 1)

    def close(self) -> None:
        for p in self.procs.values():
            if p.is_alive():
                p.terminate()
            p.join(timeout=10)


async def _collect(pool: _Pool[J, O], on_outcome: Callable[[O], None]) -> None:
    kind = pool.kind
    fatal: list[str] = []
    while pool.running:
        for n, job in pool.overdue():
            on_outcome(kind.failure(job, f"{kind.label} {n} took more than {kind.deadline_s:g} s on this "
                                         "job and was stopped"))
            pool.replace(n)
        try:
            what, n, payload = await asyncio.to_thread(pool.results.get, True, 0.5)
        except queue.Empty:
            for n in [n for n in pool.running if not pool.procs[n].is_alive()]:
                run = pool.running.pop(n)
                if run is not None:
                    on_outcome(kind.failure(run[0], f"{kind.label} {n} died during the job"))
            continue
        if n not in pool.running:
            continue  # a stopped worker's last word
        if what == "start":
            pool.running[n] = (kind.job.model_validate_json(payload), time.monotonic())
        elif what == "done":
            pool.running[n] = None
            on_outcome(kind.outcome.model_validate_json(payload))
        elif what == "fatal":
            fatal.append(payload)
        elif what == "exit":
            pool.running.pop(n, None)
    if fatal and len(fatal) == len(pool.procs):
        raise RunnerError(f"no {kind.label} could run: {fatal[0]}")


def worker_process(n: int, kind: WorkerKind[Any, Any], todo: Any, results: Any) -> None:
    """Entry point of a pool process: run jobs from `todo` until a None arrives."""
    asyncio.run(_worker_loop(n, kind, todo, results))


async def _worker_loop(n: int, kind: WorkerKind[Any, Any], todo: Any, results: Any) -> None:
    try:
        async with kind.make(n) as worker:
            while (item := todo.get()) is not None:
                results.put(("start", n, item))
                outcome = await worker.run(kind.job.model_validate_json(item))
                results.put(("done", n, outcome.model_dump_json()))
    except WorkerStartFailed as exc:
        results.put(("fatal", n, str(exc)))
    finally:
        results.put(("exit", n, None))
