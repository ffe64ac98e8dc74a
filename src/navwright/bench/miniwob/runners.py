"""How episodes reach workers: the shared runners (`navwright.runners`: in-process, a local process
pool, or Ray) with an EpisodeWorker as the worker, so every runner gives the same results."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec, harness_failure
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.bench.miniwob.worker import AgentFactory, EpisodeWorker
from navwright.runners import Runner, WorkerKind
from navwright.runners import make_runner as make_any_runner


def episode_worker(options_json: str, factory: AgentFactory, out_dir: str, number: int) -> EpisodeWorker:
    """Worker `number` of a benchmark, in whatever process it runs."""
    return EpisodeWorker(MiniwobOptions.model_validate_json(options_json), factory, Path(out_dir), number)


def episode_kind(
    options: MiniwobOptions, factory: AgentFactory, out_dir: Path
) -> WorkerKind[EpisodeSpec, EpisodeOutcome]:
    return WorkerKind(
        make=partial(episode_worker, options.model_dump_json(), factory, str(out_dir)),
        job=EpisodeSpec, outcome=EpisodeOutcome, failure=harness_failure, label="benchmark worker",
    )  # fmt: skip


def make_runner(
    options: MiniwobOptions, factory: AgentFactory, out_dir: Path
) -> Runner[EpisodeSpec, EpisodeOutcome]:
    """Ray when asked (--ray), else a process pool of --workers (1 runs in this process)."""
    return make_any_runner(episode_kind(options, factory, out_dir), workers=options.workers, ray=options.ray)
