"""Server-sent events: a run's events as `id: n` / `data: {json}` frames, resumable from any id.

Event n of a run has id n (from 1), live or replayed from the store, so a client that reconnects
with `Last-Event-ID: n` gets exactly the events after n. While a run waits in the queue its stream
says so with `event: queued` frames; a comment line keeps idle connections open.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Sequence

from navwright.agent.events import Event
from navwright.server.live import LiveRun

KEEPALIVE_S = 15.0
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def frame(seq: int, event: Event) -> str:
    return f"id: {seq}\ndata: {event.model_dump_json()}\n\n"


def queued_frame(position: int) -> str:
    return f"event: queued\ndata: {json.dumps({'queue_position': position})}\n\n"


def parse_last_id(header: str | None, query: int | None) -> int:
    """The id after which to resume: the `Last-Event-ID` header wins over `?after=`. Raises ValueError."""
    if header is None or not header.strip():
        return max(0, query or 0)
    try:
        value = int(header.strip())
    except ValueError:
        raise ValueError(f"Last-Event-ID must be a whole number (got {header.strip()[:40]!r})") from None
    return max(0, value)


async def live_stream(run: LiveRun, position: Callable[[], int | None], after: int) -> AsyncIterator[str]:
    """Every event after `after`, then each new one as it comes, until the run has ended."""
    sent, announced = after, None
    while True:
        where = position()
        if where is not None and where != announced:
            announced = where
            yield queued_frame(where)
        events = run.feed.events
        while sent < len(events):
            sent += 1
            yield frame(sent, events[sent - 1])
        if run.feed.closed:
            return
        await run.feed.wait(sent, KEEPALIVE_S)
        if len(run.feed.events) == sent and not run.feed.closed and position() == announced:
            yield ": waiting\n\n"


async def stored_stream(events: Sequence[Event], after: int) -> AsyncIterator[str]:
    """A finished run's recorded events after `after`; the stream then ends."""
    for seq, event in enumerate(events, start=1):
        if seq > after:
            yield frame(seq, event)
