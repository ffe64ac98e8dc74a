"""The Ray runner: one Ray actor per worker, each an EpisodeWorker. Ray is optional (not a dependency).

`--ray local` starts Ray on this machine; `--ray ADDRESS` joins a running cluster ("auto" finds one).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys
from pathlib import Path
from typing import Any

from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec, harness_failure
from navwright.bench.miniwob.errors import BenchError
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.bench.miniwob.runners import OnOutcome
from navwright.bench.miniwob.worker import AgentFactory, EpisodeWorker


class EpisodeActor:
    """Ray actor body: starts its worker on the first episode and keeps it for the next ones."""

    def __init__(self, options_json: str, factory: AgentFactory, out_dir: str, number: int) -> None:
        self.options = MiniwobOptions.model_validate_json(options_json)
        self.factory, self.out_dir, self.number = factory, Path(out_dir), number
        self.worker: EpisodeWorker | None = None

    async def run(self, spec_json: str) -> str:
        if self.worker is None:
            worker = EpisodeWorker(self.options, self.factory, self.out_dir, self.number)
            self.worker = await worker.__aenter__()
        return (await self.worker.run(EpisodeSpec.model_validate_json(spec_json))).model_dump_json()

    async def close(self) -> None:
        if self.worker is not None:
            await self.worker.close()
            self.worker = None


def import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise BenchError("--ray needs Ray: pip install 'navwright[ray]' (or run without --ray)") from exc


class RayRunner:
    def __init__(self, options: MiniwobOptions, factory: AgentFactory, out_dir: Path, address: str) -> None:
        self.options, self.factory, self.out_dir = options, factory, out_dir
        self.address = None if address in ("", "local") else address

    def _runtime_env(self) -> dict[str, Any] | None:
        """A local Ray sees this process's import path (so an agent factory from any module loads)."""
        if self.address is not None:
            return None
        return {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}}

    async def run(self, episodes: list[EpisodeSpec], on_outcome: OnOutcome) -> None:
        if not episodes:
            return
        ray = import_ray()
        if not ray.is_initialized():
            ray.init(address=self.address, log_to_driver=False, runtime_env=self._runtime_env())
        actor_class = ray.remote(num_cpus=1)(EpisodeActor)
        options_json = self.options.model_dump_json()
        count = min(self.options.workers, len(episodes))
        actors = [actor_class.remote(options_json, self.factory, str(self.out_dir), n) for n in range(count)]
        todo = list(reversed(episodes))
        pending: dict[Any, tuple[Any, EpisodeSpec]] = {}

        def submit(actor: Any) -> None:
            if todo:
                spec = todo.pop()
                pending[actor.run.remote(spec.model_dump_json())] = (actor, spec)

        for actor in actors:
            submit(actor)
        try:
            while pending:
                ready, _ = await asyncio.to_thread(ray.wait, list(pending), num_returns=1)
                actor, spec = pending.pop(ready[0])
                on_outcome(await asyncio.to_thread(_fetch, ray, ready[0], spec))
                submit(actor)
        finally:
            for actor in actors:
                try:
                    await asyncio.to_thread(ray.get, actor.close.remote(), timeout=30)
                except Exception:
                    ray.kill(actor)


def _fetch(ray: Any, ref: Any, spec: EpisodeSpec) -> EpisodeOutcome:
    try:
        return EpisodeOutcome.model_validate_json(ray.get(ref))
    except Exception as exc:
        first = str(exc).strip().splitlines()
        return harness_failure(spec, f"Ray worker failed: {first[0] if first else type(exc).__name__}")
