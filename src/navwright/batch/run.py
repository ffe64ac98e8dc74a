"""Run a batch: read the tasks, skip those already in the results, run the rest through a runner,
append each result as it arrives, and sum up."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path

from pydantic import BaseModel, Field

from navwright.batch.spec import BatchError, BatchResult, BatchTask, failed_to_run, read_tasks
from navwright.batch.worker import BatchWorker
from navwright.config import Settings
from navwright.runners import RunnerError, WorkerKind, make_runner
from navwright.runners.results import ResultLines

RESULTS_NAME = "results.jsonl"


class BatchSummary(BaseModel):
    tasks: int
    skipped: int = 0
    """Already in the results (a resumed batch)."""
    ran: int = 0
    statuses: dict[str, int] = Field(default_factory=dict)
    """How many tasks of the whole batch ended with each status."""
    seconds: float = 0.0
    results: Path


def batch_worker(settings_json: str, timeout_s: float, number: int) -> BatchWorker:
    """Worker `number` of a batch, in whatever process it runs."""
    return BatchWorker(settings_json, timeout_s, number)


def batch_kind(settings: Settings, timeout_s: float) -> WorkerKind[BatchTask, BatchResult]:
    return WorkerKind(
        make=partial(batch_worker, settings.model_dump_json(), timeout_s), job=BatchTask,
        outcome=BatchResult, failure=failed_to_run, label="batch worker",
    )  # fmt: skip


async def run_batch(
    tasks_file: Path, out_dir: Path, settings: Settings, *, workers: int = 1, ray: str | None = None,
    timeout_s: float = 300.0, on_result: Callable[[BatchResult], None] | None = None,
) -> BatchSummary:  # fmt: skip
    """Run the tasks of `tasks_file` not yet in `out_dir/results.jsonl` (a task that ended in "error"
    runs again). Raises BatchError when the file or the workers cannot be used."""
    tasks = read_tasks(tasks_file)
    results = ResultLines(out_dir / RESULTS_NAME, BatchResult, key=lambda r: r.id)
    done = {k for k, r in results.load().items() if r.status != "error"}
    todo = [t for t in tasks if t.id not in done]

    def record(result: BatchResult) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    started = time.monotonic()
    try:
        await make_runner(batch_kind(settings, timeout_s), workers=workers, ray=ray).run(todo, record)
    except RunnerError as exc:
        raise BatchError(str(exc)) from exc
    wanted = {t.id for t in tasks}
    statuses = Counter(r.status for k, r in results.load().items() if k in wanted)
    return BatchSummary(tasks=len(tasks), skipped=len(tasks) - len(todo), ran=len(todo),
                        statuses=dict(statuses), seconds=round(time.monotonic() - started, 2),
                        results=results.path)  # fmt: skip
