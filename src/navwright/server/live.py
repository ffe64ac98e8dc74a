"""`LiveRun`: one run this server started: its request, its feed of events, its Agent once it runs."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from navwright.agent.outcomes import RunResult
from navwright.config import Settings
from navwright.masking import Masker
from navwright.server.errors import RunConflict
from navwright.server.feed import RunFeed
from navwright.server.schemas import QUEUED, STARTING, RunRequest
from navwright.server.user import WebUser

ENDED = frozenset({"success", "unverified", "failed", "stopped", "needs_user"})


class Steerable(Protocol):
    """What the server steers: the run's `Agent` in this process, or a `RemoteAgent` in a worker."""

    @property
    def state(self) -> str: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def stop(self) -> None: ...

    def edit_task(self, text: str) -> None: ...


class LiveRun:
    def __init__(self, run_id: str, request: RunRequest, settings: Settings) -> None:
        self.id = run_id
        self.task = request.task
        self.url = request.url
        self.secrets = dict(request.secrets)
        self.settings = settings
        self.created = time.time()
        self.feed = RunFeed()
        self.user = WebUser()
        self.agent: Steerable | None = None
        self.result: RunResult | None = None
        self.job: asyncio.Task[None] | None = None
        self.stop_requested = False
        self.masker: Masker | None = None
        """The masker of the run's secrets, once built (off the event loop)."""

    @property
    def status(self) -> str:
        if self.result is not None:
            return self.result.status
        if self.agent is not None:
            return self.agent.state
        return STARTING if self.job is not None else QUEUED

    @property
    def ended(self) -> bool:
        return self.status in ENDED

    def pause(self) -> None:
        """Pause at the next checkpoint; only a running run pauses."""
        self._must_be("running", "pause")
        assert self.agent is not None
        self.agent.pause()

    def resume(self) -> None:
        self._must_be("paused", "resume")
        assert self.agent is not None
        self.agent.resume()

    def edit_task(self, task: str) -> None:
        if self.ended:
            raise RunConflict(f"the run has ended ({self.status}); start a new one")
        if self.agent is None:
            self.task = task
            return
        self.agent.edit_task(task)
        self.task = task

    def stop(self) -> None:
        if self.ended:
            raise RunConflict(f"the run has already ended ({self.status})")
        self.stop_requested = True
        if self.agent is not None:
            self.agent.stop()

    def _must_be(self, state: str, verb: str) -> None:
        if self.status != state:
            raise RunConflict(f"cannot {verb} a run that is {self.status.replace('_', ' ')}")
