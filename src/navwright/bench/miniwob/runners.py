"""Runners: how episodes reach workers. One interface; in-process, a local process pool, or Ray.

Every runner hands each finished EpisodeOutcome to `on_outcome` as soon as it arrives, and every
worker is an EpisodeWorker, so the runners give the same results.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import queue
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec, harness_failure
from navwright.bench.miniwob.errors import BenchError
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.bench.miniwob.worker import AgentFactory, EpisodeWorker, WorkerStartFailed

OnOutcome = Callable[[EpisodeOutcome], None]


class Runner(Protocol):
    async def run(self, episodes: list[EpisodeSpec], on_outcome: OnOutcome) -> None: ...


class InProcessRunner:
    """One worker in this process: the pool of size 1 (the sane choice with an in-process CPU model)."""

    def __init__(self, options: MiniwobOptions, factory: AgentFactory, out_dir: Path) -> None:
        self.options, self.factory, self.out_dir = options, factory, out_dir

    async def run(self, episodes: list[EpisodeSpec], on_outcome: OnOutcome) -> None:
        if not episodes:
            return
        try:
            async with EpisodeWorker(self.options, self.factory, self.out_dir) as worker:
                for spec in episodes:
                    on_outcome(await worker.run(spec))
        except WorkerStartFailed as exc:
            raise BenchError(f"the benchmark worker stopped: {exc}") from exc


class ProcessPoolRunner:
    """N worker processes (spawned), each with its own browser and agent, pulling from one queue."""

    def __init__(self, options: MiniwobOptions, factory: AgentFactory, out_dir: Path, workers: int) -> None:
        self.options, self.factory, self.out_dir, self.workers = options, factory, out_dir, workers

    async def run(self, episodes: list[EpisodeSpec], on_outcome: OnOutcome) -> None:
        if not episodes:
            return
        ctx = mp.get_context("spawn")
        todo: Any = ctx.Queue()
        results: Any = ctx.Queue()
        for spec in episodes:
            todo.put(spec.model_dump_json())
        count = min(self.workers, len(episodes))
        for _ in range(count):
            todo.put(None)
        options_json = self.options.model_dump_json()
        procs = [
            ctx.Process(
                target=worker_process, args=(n, options_json, self.factory, str(self.out_dir), todo, results),
                name=f"miniwob-worker-{n}", daemon=True,
            )
            for n in range(count)
        ]
        for p in procs:
            p.start()
        try:
            await _collect(procs, results, on_outcome)
        finally:
            for p in procs:
                if p.is_alive():
                    p.terminate()
                p.join(timeout=10)


async def _collect(procs: list[Any], results: Any, on_outcome: OnOutcome) -> None:
    running: dict[int, EpisodeSpec | None] = {n: None for n in range(len(procs))}
    fatal: list[str] = []
    while running:
        try:
            kind, n, payload = await asyncio.to_thread(results.get, True, 0.5)
        except queue.Empty:
            for n in [n for n in running if not procs[n].is_alive()]:
                spec = running.pop(n)
                if spec is not None:
                    on_outcome(harness_failure(spec, f"worker {n} died during the episode"))
            continue
        if kind == "start":
            running[n] = EpisodeSpec.model_validate_json(payload)
        elif kind == "done":
            running[n] = None
            on_outcome(EpisodeOutcome.model_validate_json(payload))
        elif kind == "fatal":
            fatal.append(payload)
        elif kind == "exit":
            running.pop(n, None)
    if fatal and len(fatal) == len(procs):
        raise BenchError(f"no benchmark worker could run: {fatal[0]}")


def worker_process(
    n: int, options_json: str, factory: AgentFactory, out_dir: str, todo: Any, results: Any
) -> None:
    """Entry point of a pool process: run episodes from `todo` until a None arrives."""
    options = MiniwobOptions.model_validate_json(options_json)
    asyncio.run(_worker_loop(n, options, factory, Path(out_dir), todo, results))


async def _worker_loop(
    n: int, options: MiniwobOptions, factory: AgentFactory, out_dir: Path, todo: Any, results: Any
) -> None:
    try:
        async with EpisodeWorker(options, factory, out_dir, n) as worker:
            while (item := todo.get()) is not None:
                spec = EpisodeSpec.model_validate_json(item)
                results.put(("start", n, item))
                results.put(("done", n, (await worker.run(spec)).model_dump_json()))
    except WorkerStartFailed as exc:
        results.put(("fatal", n, str(exc)))
    finally:
        results.put(("exit", n, None))


def make_runner(options: MiniwobOptions, factory: AgentFactory, out_dir: Path) -> Runner:
    """Ray when asked (--ray), else a process pool of --workers (1 runs in this process)."""
    if options.ray is not None:
        from navwright.bench.miniwob.ray_runner import RayRunner

        return RayRunner(options, factory, out_dir, options.ray)
    if options.workers == 1:
        return InProcessRunner(options, factory, out_dir)
    return ProcessPoolRunner(options, factory, out_dir, options.workers)
