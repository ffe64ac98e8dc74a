"""`RunFeed`: a run's events in order, kept for late listeners and resumed streams."""

from __future__ import annotations

import asyncio

from navwright.agent.events import Event


class RunFeed:
    """An `EventSink` that keeps every event (event n has id n, counted from 1) and wakes waiters."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.closed = False
        self._new = asyncio.Event()

    def emit(self, event: Event) -> None:
        self.events.append(event)
        if event.type == "run_finished":
            self.closed = True
        self._wake()

    def close(self) -> None:
        self.closed = True
        self._wake()

    def poke(self) -> None:
        """Wake the waiters without an event (the run's queue position changed)."""
        self._wake()

    async def wait(self, after: int, timeout: float) -> None:
        """Return once there is an event after `after`, the feed closes, something changes, or `timeout`."""
        if len(self.events) > after or self.closed:
            return
        new = self._new
        try:
            await asyncio.wait_for(new.wait(), timeout)
        except TimeoutError:
            return

    def _wake(self) -> None:
        self._new.set()
        self._new = asyncio.Event()
