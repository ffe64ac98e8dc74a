"""The Ray runner: one Ray actor per worker. Ray is optional (the `ray` extra).

`local` starts Ray on this machine (or uses the one this process already started); an address joins a
running cluster ("auto" finds one).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys
from collections.abc import Callable
from typing import Any, Generic

from navwright.runners.errors import RunnerError
from navwright.runners.kind import J, O, Worker, WorkerKind


class JobActor:
    """Ray actor body: starts its worker on the first job and keeps it for the next ones."""

    def __init__(self, kind: WorkerKind[Any, Any], number: int) -> None:
        self.kind, self.number = kind, number
        self.worker: Worker[Any, Any] | None = None

    async def run(self, job_json: str) -> str:
        if self.worker is None:
            worker = self.kind.make(self.number)
            self.worker = await worker.__aenter__()
        outcome = await self.worker.run(self.kind.job.model_validate_json(job_json))
        return str(outcome.model_dump_json())

    async def close(self) -> None:
        if self.worker is not None:
            await self.worker.__aexit__(None, None, None)
            self.worker = None


def import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise RunnerError("--ray needs Ray: pip install 'navwright[ray]' (or run without --ray)") from exc


def ray_address(given: str) -> str | None:
    """None for a local Ray ("local" or nothing), else the cluster address as given."""
    return None if given in ("", "local") else given


def start_ray(address: str | None) -> Any:
    """The `ray` module, connected: to `address`, or to a local Ray (started here unless this process
    already has one), which sees this process's import path so a worker from any module loads."""
    ray = import_ray()
    if not ray.is_initialized():
        path = os.pathsep.join(p for p in sys.path if p)
        env = None if address is not None else {"env_vars": {"PYTHONPATH": path}}
        ray.init(address=address, log_to_driver=False, runtime_env=env)
    return ray


class RayRunner(Generic[J, O]):
    def __init__(self, kind: WorkerKind[J, O], workers: int, address: str) -> None:
        self.kind, self.workers = kind, workers
        self.address = ray_address(address)

    async def run(self, jobs: list[J], on_outcome: Callable[[O], None]) -> None:
        if not jobs:
            return
        ray = start_ray(self.address)
        actor_class = ray.remote(num_cpus=1)(JobActor)
        count = min(self.workers, len(jobs))
        actors = [actor_class.remote(self.kind, n) for n in range(count)]
        todo = list(reversed(jobs))
        pending: dict[Any, tuple[Any, J]] = {}

        def submit(actor: Any) -> None:
            if todo:
                job = todo.pop()
                pending[actor.run.remote(job.model_dump_json())] = (actor, job)

        for actor in actors:
            submit(actor)
        try:
            while pending:
                ready, _ = await asyncio.to_thread(ray.wait, list(pending), num_returns=1)
                actor, job = pending.pop(ready[0])
                on_outcome(await asyncio.to_thread(self._fetch, ray, ready[0], job))
                submit(actor)
        finally:
            for actor in actors:
                try:
                    await asyncio.to_thread(ray.get, actor.close.remote(), timeout=30)
                except Exception:
                    ray.kill(actor)

    def _fetch(self, ray: Any, ref: Any, job: J) -> O:
        try:
            return self.kind.outcome.model_validate_json(ray.get(ref))
        except Exception as exc:
            return self.kind.failure(job, f"Ray worker failed: {first_line(exc)}")


def first_line(exc: BaseException) -> str:
    """What a Ray failure says, in one line."""
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__
