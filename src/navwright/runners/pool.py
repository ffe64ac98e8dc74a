"""In-process and process-pool runners: N spawned processes, each with one worker, pulling jobs from
one queue; a process that dies has its job recorded as the kind's failure."""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import queue
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
    """N worker processes (spawned), each with its own worker, pulling from one queue."""

    def __init__(self, kind: WorkerKind[J, O], workers: int) -> None:
        self.kind, self.workers = kind, workers

    async def run(self, jobs: list[J], on_outcome: Callable[[O], None]) -> None:
        if not jobs:
            return
        ctx = mp.get_context("spawn")
        todo: Any = ctx.Queue()
        results: Any = ctx.Queue()
        for job in jobs:
            todo.put(job.model_dump_json())
        count = min(self.workers, len(jobs))
        for _ in range(count):
            todo.put(None)
        procs = [
            ctx.Process(target=worker_process, args=(n, self.kind, todo, results),
                        name=f"navwright-worker-{n}", daemon=True)
            for n in range(count)
        ]  # fmt: skip
        for p in procs:
            p.start()
        try:
            await _collect(self.kind, procs, results, on_outcome)
        finally:
            for p in procs:
                if p.is_alive():
                    p.terminate()
                p.join(timeout=10)


async def _collect(
    kind: WorkerKind[J, O], procs: list[Any], results: Any, on_outcome: Callable[[O], None]
) -> None:
    running: dict[int, J | None] = {n: None for n in range(len(procs))}
    fatal: list[str] = []
    while running:
        try:
            what, n, payload = await asyncio.to_thread(results.get, True, 0.5)
        except queue.Empty:
            for n in [n for n in running if not procs[n].is_alive()]:
                job = running.pop(n)
                if job is not None:
                    on_outcome(kind.failure(job, f"{kind.label} {n} died during the job"))
            continue
        if what == "start":
            running[n] = kind.job.model_validate_json(payload)
        elif what == "done":
            running[n] = None
            on_outcome(kind.outcome.model_validate_json(payload))
        elif what == "fatal":
            fatal.append(payload)
        elif what == "exit":
            running.pop(n, None)
    if fatal and len(fatal) == len(procs):
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
