"""Run a batch: read the tasks, check the results file can be written, skip the tasks already in it,
run the rest through a runner (each run recorded in the run store), append each result as it arrives,
and sum up."""

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
from navwright.store import usable_store

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
    not_recorded: str = ""
    """Why the runs were not recorded in the run store ("" when they were)."""


DEADLINE_GRACE_S = 60.0
"""A task's own time limit ends its run in the worker; a worker process still busy this long after it
(a call stuck in native code) is stopped and the task recorded as failed."""


def batch_worker(settings_json: str, timeout_s: float, db_path: str, number: int) -> BatchWorker:
    """Worker `number` of a batch, in whatever process it runs."""
    return BatchWorker(settings_json, timeout_s, number, db_path=db_path)


def batch_kind(settings: Settings, timeout_s: float, db_path: str = "") -> WorkerKind[BatchTask, BatchResult]:
    """The batch's workers; each records its runs in the run store at `db_path` ("": not recorded)."""
    return WorkerKind(
        make=partial(batch_worker, settings.model_dump_json(), timeout_s, db_path), job=BatchTask,
        outcome=BatchResult, failure=failed_to_run, label="batch worker",
        deadline_s=timeout_s + DEADLINE_GRACE_S,
    )  # fmt: skip


def check_out(out_dir: Path) -> Path:
    """The results file in `out_dir`, made sure it can be written before any task runs (BatchError in
    words when `out_dir` is a file or cannot be made, or the results file cannot be written)."""
    if out_dir.exists() and not out_dir.is_dir():
        raise BatchError(f"--out {out_dir} is a file; give a folder (results.jsonl is written in it)")
    path = out_dir / RESULTS_NAME
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise BatchError(f"cannot write the results to {path}: {exc.strerror or exc}") from None
    return path


def store_for_batch(db_path: Path | None) -> tuple[str, str]:
    """The run database the workers record in ("" when it cannot be used) and why not, in words."""
    with usable_store(db_path) as (store, problem):
        return (str(store.path), "") if store is not None else ("", problem)


async def run_batch(
    tasks_file: Path, out_dir: Path, settings: Settings, *, workers: int = 1, ray: str | None = None,
    timeout_s: float = 300.0, on_result: Callable[[BatchResult], None] | None = None,
    db_path: Path | None = None,
) -> BatchSummary:  # fmt: skip
    """Run the tasks of `tasks_file` not yet in `out_dir/results.jsonl` (a task that ended in "error"
    runs again), each recorded in the run store at `db_path` (default: the user's). Raises BatchError
    when the file, the results folder or the workers cannot be used, before any task runs."""
    tasks = read_tasks(tasks_file)
    results = ResultLines(check_out(out_dir), BatchResult, key=lambda r: r.id)
    recorded_in, not_recorded = store_for_batch(db_path)
    done = {k for k, r in results.load().items() if r.status != "error"}
    todo = [t for t in tasks if t.id not in done]

    def record(result: BatchResult) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    started = time.monotonic()
    try:
        kind = batch_kind(settings, timeout_s, recorded_in)
        await make_runner(kind, workers=workers, ray=ray).run(todo, record)
    except RunnerError as exc:
        raise BatchError(str(exc)) from exc
    wanted = {t.id for t in tasks}
    statuses = Counter(r.status for k, r in results.load().items() if k in wanted)
    return BatchSummary(tasks=len(tasks), skipped=len(tasks) - len(todo), ran=len(todo),
                        statuses=dict(statuses), seconds=round(time.monotonic() - started, 2),
                        results=results.path, not_recorded=not_recorded)  # fmt: skip
