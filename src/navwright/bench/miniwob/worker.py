"""One worker: a task server, one browser and one agent, running episodes one after another.

Every runner (in-process, process pool, Ray actor) drives episodes through this class, so they all
produce the same results.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import TracebackType

from navwright.bench.miniwob.episode import (
    EpisodeAgent,
    EpisodeOutcome,
    EpisodeSpec,
    harness_failure,
    run_episode,
)
from navwright.bench.miniwob.logs import EpisodeEventLog, WorkerLog
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.bench.miniwob.server import TaskServer
from navwright.bench.miniwob.tasks import html_dir
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.runners.errors import WorkerStartFailed

AgentFactory = Callable[[MiniwobOptions], Awaitable[EpisodeAgent]]
"""Builds the agent a worker uses for all its episodes (models load once per worker).
Must be a module-level function so it can travel to worker processes."""


class EpisodeWorker:
    """`async with EpisodeWorker(options, factory, out_dir, n) as w: outcome = await w.run(spec)`"""

    def __init__(
        self, options: MiniwobOptions, factory: AgentFactory, out_dir: Path, number: int = 0
    ) -> None:
        self.options = options
        self.factory = factory
        self.out_dir = out_dir
        self.log = WorkerLog(out_dir, number)
        self._server: TaskServer | None = None
        self._session: BrowserSession | None = None
        self._agent: EpisodeAgent | None = None
        self._base_url = ""

    async def __aenter__(self) -> EpisodeWorker:
        try:
            self._server = TaskServer(html_dir())
            self._base_url = self._server.start()
            self._agent = await self.factory(self.options)
            self._session = await self._new_session()
        except Exception as exc:
            await self.close()
            message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            self.log.line(f"could not start: {message}")
            raise WorkerStartFailed(message) from exc
        self.log.line(f"started; task pages at {self._base_url}")
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def run(self, spec: EpisodeSpec) -> EpisodeOutcome:
        """Run one episode; a harness failure is recorded, and the browser replaced for the next."""
        if self._session is None or self._agent is None:
            raise WorkerStartFailed("the worker is not started")
        events = EpisodeEventLog(self.out_dir, spec)
        started = time.monotonic()
        try:
            outcome = await run_episode(
                spec, session=self._session, agent=self._agent, base_url=self._base_url,
                limits=self.options.limits(), sink=events,
            )
        except Exception as exc:
            outcome = harness_failure(spec, _first_line(exc), time.monotonic() - started)
            await self._replace_session()
        finally:
            events.close()
        self.log.outcome(outcome)
        return outcome

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
        if self._agent is not None:
            await self._agent.aclose()
            self._agent = None
        if self._server is not None:
            self._server.stop()
            self._server = None

    async def _new_session(self) -> BrowserSession:
        settings = BrowserSettings(headless=not self.options.headed, viewport_width=800, viewport_height=600)
        session = BrowserSession(settings, run_dir=self.out_dir / "browser")
        return await session.__aenter__()

    async def _replace_session(self) -> None:
        if self._session is not None:
            await self._session.close()
        try:
            self._session = await self._new_session()
        except Exception as exc:
            self._session = None
            self.log.line(f"browser could not restart: {_first_line(exc)}")
            raise WorkerStartFailed(f"the browser could not restart: {_first_line(exc)}") from exc


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
