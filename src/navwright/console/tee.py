"""`TeeSink`: one event to several sinks; a failing sink never stops the others (or the agent)."""

from __future__ import annotations

import logging

from navwright.agent.events import Event, EventSink

log = logging.getLogger(__name__)


class TeeSink:
    def __init__(self, *sinks: EventSink) -> None:
        self.sinks = list(sinks)

    def add(self, sink: EventSink) -> None:
        self.sinks.append(sink)

    def emit(self, event: Event) -> None:
        for sink in self.sinks:
            try:
                sink.emit(event)
            except Exception as exc:
                log.warning("%s failed on a %s event: %s", type(sink).__name__, event.type, exc)
