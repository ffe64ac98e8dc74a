"""`RunManager`: starts runs up to the concurrency limit, queues the rest, stops them all at shutdown.

Every run is built by `navwright.build.open_run` (its own browser) and recorded in the run store like
a `navwright run`; its events also go to the run's in-memory feed for live streams. A run belongs to
the server, not to the HTTP client that started it: a client that goes away changes nothing.
By default runs execute in this process; with `--runner process|ray` each runs in a worker through
the runners (`server/remote.py`), its events streamed back live.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from functools import partial

from navwright.agent.events import EventSink, RunFinished
from navwright.agent.outcomes import RunOutcome, RunResult
from navwright.api import apply_overrides, run_overrides
from navwright.browser.errors import BrowserError
from navwright.build import Given, Models, RunIO, TaskRequest, make_models, open_run
from navwright.config import Settings
from navwright.console.tee import TeeSink
from navwright.deadline import Deadline, RunProgress
from navwright.masking import Masker, masker_for
from navwright.memory import MemoryStore
from navwright.models.base import ModelError
from navwright.models.factory import ModelPool
from navwright.runners import LineRunner, make_runner
from navwright.server.config import ServerConfig, check_models
from navwright.server.ending import closing_events, result_of
from navwright.server.errors import RunConflict, ServerClosing
from navwright.server.live import LiveRun
from navwright.server.remote import run_in_worker
from navwright.server.schemas import RunRequest
from navwright.server.worker import RunJob, run_kind
from navwright.store import RunStore


class RunManager:
    def __init__(self, config: ServerConfig, db_path: str) -> None:
        self.config = config
        self.db_path = db_path
        self.runs: dict[str, LiveRun] = {}
        self.waiting: list[str] = []
        self._active: set[str] = set()
        self._closing = False
        self._pool: ModelPool | None = None
        self._runner: LineRunner[RunJob, RunResult] | None = None

    # --- submitting and reading ------------------------------------------------------------------

    def submit(self, request: RunRequest) -> LiveRun:
        """Queue a run and start it when a slot is free. Raises ConfigError (bad options), ModelRefused,
        ServerClosing."""
        if self._closing:
            raise ServerClosing("the server is shutting down; it takes no new runs")
        asked = [request.model, request.planner_model, request.navigator_model]
        check_models(self.config.settings.models, asked, self.config.any_model)
        overrides = run_overrides(
            model=request.model, planner_model=request.planner_model, navigator_model=request.navigator_model,
            headed=True if request.headed else None, max_steps=request.max_steps, yes=request.yes,
            allowed_domains=request.allowed_domains, profile=request.profile, timeout_s=request.timeout_s,
            without=request.without,
        )  # fmt: skip
        settings = apply_overrides(self.config.settings, overrides)
        run = LiveRun(uuid.uuid4().hex[:12], request, settings)
        self.runs[run.id] = run
        self.waiting.append(run.id)
        self._pump()
        return run

    def get(self, run_id: str) -> LiveRun | None:
        return self.runs.get(run_id)

    def position(self, run_id: str) -> int | None:
        """1 for the next run to start; None when the run is not waiting."""
        return self.waiting.index(run_id) + 1 if run_id in self.waiting else None

    def newest(self) -> list[LiveRun]:
        return sorted(self.runs.values(), key=lambda r: r.created, reverse=True)

    def stop(self, run: LiveRun) -> None:
        """Stop a run: a queued one ends at once (recorded as stopped), a running one at its next
        checkpoint."""
        if run.id in self.waiting:
            self.waiting.remove(run.id)
            run.stop_requested = True
            self._end_outside(run, "stopped", "stopped before it started")
            self._pump()
            return
        run.stop()

    # --- running ---------------------------------------------------------------------------------

    def _pump(self) -> None:
        while self.waiting and len(self._active) < self.slots and not self._closing:
            run = self.runs[self.waiting.pop(0)]
            self._active.add(run.id)
            run.job = asyncio.create_task(self._execute(run), name=f"navwright-run-{run.id}")
            run.job.add_done_callback(partial(self._done, run.id))
        for run_id in self.waiting:
            self.runs[run_id].feed.poke()

    @property
    def slots(self) -> int:
        """How many runs execute at once: --max-concurrent-runs, and no more than the workers."""
        options = self.config.runners
        return min(self.config.max_concurrent_runs, options.workers or self.config.max_concurrent_runs)

    def _done(self, run_id: str, _job: object = None) -> None:
        self._active.discard(run_id)
        finished = [r for r in self.newest() if r.ended]
        for old in finished[self.config.keep_finished :]:
            del self.runs[old.id]
        self._pump()

    async def _execute(self, run: LiveRun) -> None:
        with RunStore(self.db_path) as store:  # events come masked: by the run's scope, or below
            sink = TeeSink(store, run.feed, run.user)
            try:
                # the masker of the run's secrets is built off the event loop (the run's scope and
                # its browser take the same one from masker_for's cache)
                run.masker = await asyncio.to_thread(masker_for, run.secrets)
                if self.config.runners.in_process:
                    await self._run_agent(run, sink)
                else:
                    await self._run_in_worker(run, sink)
            except Exception as exc:  # the last line of defence: the run ends in words, the server goes on
                if run.result is None:
                    self._end_outside(run, "failed", f"unexpected {type(exc).__name__}: {exc}", sink)
            finally:
                run.secrets.clear()
                run.masker = None
                run.feed.close()

    async def _run_agent(self, run: LiveRun, sink: EventSink) -> None:
        try:
            models = await asyncio.to_thread(self._make_models, run.settings)
        except (ModelError, ValueError, OSError) as exc:
            self._end_outside(run, "failed", f"could not load the model: {exc}", sink)
            return
        if run.stop_requested:
            self._end_outside(run, "stopped", "stopped before it started", sink)
            return
        try:
            request = TaskRequest(task=run.task, url=run.url, secrets=run.secrets, run_id=run.id)
            deadline, progress = Deadline(run.settings.run.timeout_s), RunProgress(run.id, sink)
            io = RunIO(sink=progress, user=deadline.user(run.user))
            with MemoryStore(self.db_path) as memory:  # what verified runs taught, in the run database
                async with open_run(run.settings, request, io, Given(models=models, memory=memory)) as agent:
                    run.agent = agent
                    if run.stop_requested:  # stopped while the browser started
                        agent.stop()
                    try:  # the whole-run deadline (run.timeout_s), as for `navwright run`
                        run.result = await deadline.run(agent.run())
                    except TimeoutError:
                        run.result = progress.end(deadline.words())
        except BrowserError as exc:
            if run.result is None:
                self._end_outside(run, "failed", f"the browser did not start: {exc}", sink)

    async def _run_in_worker(self, run: LiveRun, sink: EventSink) -> None:
        if self._runner is None:
            options = self.config.runners
            ray = options.ray if options.runner == "ray" else None
            self._runner = make_runner(run_kind(self.config.settings), workers=self.slots, ray=ray)
        result = await run_in_worker(run, self._runner, sink)
        last = run.feed.events[-1] if run.feed.events else None
        if isinstance(last, RunFinished):  # the worker's Agent said how the run ended
            run.result = result if result.status == last.status else result_of(last)
        else:  # the worker died or never started: the run ends here, in its words
            self._end_outside(run, result.status, result.error or "the run's worker stopped", sink)

    def _make_models(self, settings: Settings) -> Models:
        if self.config.models is not None:
            return self.config.models(settings)
        if self._pool is None:
            self._pool = ModelPool(self.config.settings.models, progress=False)
        return make_models(settings, self._pool)

    def _end_outside(
        self, run: LiveRun, status: RunOutcome, error: str, sink: EventSink | None = None
    ) -> None:
        """A run that ended outside its Agent is recorded like any other: started (unless its events
        say so already), then finished."""
        run.result = RunResult(status=status, error=error, run_id=run.id)
        events = closing_events(run.result, run.task, run.url, list(run.settings.run.allowed_domains),
                                started=bool(run.feed.events))  # fmt: skip
        masker = run.masker or Masker(run.secrets)  # what the run's scope does for a run it ran
        events = [masker.model(event) for event in events]
        if sink is not None:
            for event in events:
                sink.emit(event)
            return
        with RunStore(self.db_path) as store:
            for event in events:
                TeeSink(store, run.feed).emit(event)
        run.feed.close()

    # --- shutdown --------------------------------------------------------------------------------

    async def close(self) -> None:
        """Stop every run: queued ones end at once, running ones are stopped and awaited (then cancelled)."""
        self._closing = True
        for run_id in list(self.waiting):
            self.stop(self.runs[run_id])
        try:
            await self._stop_running()
        finally:
            runner, self._runner = self._runner, None
            if runner is not None:
                await runner.close()

    async def _stop_running(self) -> None:
        jobs = []
        for run in self.runs.values():
            if run.job is not None and not run.job.done():
                with contextlib.suppress(RunConflict):
                    run.stop()
                jobs.append(run.job)
        if not jobs:
            return
        _, pending = await asyncio.wait(jobs, timeout=self.config.shutdown_grace_s)
        for job in pending:
            job.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
