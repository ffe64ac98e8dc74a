"""One batch worker: runs tasks one after another through the one builder, each in its own browser,
within its time limit, each recorded in the run store like any other run (events, screenshots,
verdict); models are made once per worker (per model spec)."""

from __future__ import annotations

import time
from types import TracebackType

from navwright.agent.outcomes import RunResult
from navwright.api import apply_overrides, run_overrides
from navwright.batch.spec import BatchResult, BatchTask
from navwright.build import Given, ModelShelf, RunIO, TaskRequest, run_task
from navwright.config import Settings
from navwright.deadline import Deadline, RunProgress
from navwright.models.base import ModelError
from navwright.runners import WorkerStartFailed
from navwright.store import RunStore


class BatchWorker:
    """`async with BatchWorker(settings_json, timeout_s, db_path=...) as w: result = await w.run(task)`"""

    def __init__(self, settings_json: str, timeout_s: float, number: int = 0, *, db_path: str = "") -> None:
        """`db_path`: the run database to record the runs in ("": not recorded)."""
        self.settings = Settings.model_validate_json(settings_json)
        self.timeout_s, self.number = timeout_s, number
        self._models = ModelShelf(self.settings)
        self._store = RunStore(db_path) if db_path else None

    async def __aenter__(self) -> BatchWorker:
        try:
            self._models.get(self.settings)
        except (ModelError, ValueError, OSError) as exc:
            raise WorkerStartFailed(f"could not load the model: {exc}") from exc
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._models.clear()
        if self._store is not None:
            self._store.close()

    async def run(self, task: BatchTask) -> BatchResult:
        started = time.monotonic()
        limit = task.options.timeout_s or self.timeout_s
        request = TaskRequest(task=task.task, url=task.url)
        progress = RunProgress(request.run_id, self._store)  # a run cut short is recorded as failed
        try:
            settings = settings_for(self.settings, task)
            work = run_task(settings, request, RunIO(sink=progress), Given(models=self._models.get(settings)))
            result = await Deadline(limit).run(work)
        except TimeoutError:
            why = f"the task took longer than its limit of {limit:g} s"
            progress.end(why)
            return BatchResult(id=task.id, task=task.task, status="timeout", seconds=_since(started),
                               error=why, run_id=request.run_id)  # fmt: skip
        except (ModelError, ValueError, OSError) as exc:
            return BatchResult(id=task.id, task=task.task, status="failed", error=str(exc),
                               seconds=_since(started))  # fmt: skip
        return result_line(task, result, _since(started))


def settings_for(base: Settings, task: BatchTask) -> Settings:
    """The batch's settings with this task's options over them (ValueError in words when they are bad)."""
    o = task.options
    overrides = run_overrides(
        model=o.model, planner_model=o.planner_model, navigator_model=o.navigator_model,
        max_steps=o.max_steps, yes=o.yes, allowed_domains=o.allowed_domains, profile=o.profile,
    )  # fmt: skip
    return apply_overrides(base, overrides) if overrides else base


def result_line(task: BatchTask, result: RunResult, seconds: float) -> BatchResult:
    return BatchResult(
        id=task.id, task=task.task, status=result.status, answer=result.answer,
        evidence=[f'{e.url}: "{e.quote}"' for e in result.evidence], error=result.error or "",
        seconds=round(seconds, 2), model_calls=result.model_calls, run_id=result.run_id,
    )  # fmt: skip


def _since(started: float) -> float:
    return round(time.monotonic() - started, 2)
