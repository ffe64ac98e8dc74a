"""Helpers shared by the agent tests (a module of its own: test folders each have a conftest)."""

from __future__ import annotations

from http.server import SimpleHTTPRequestHandler
from pathlib import Path

from navwright.agent.events import Event

FIXTURES = Path(__file__).parent / "fixtures"


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


class EventList:
    """A sink that keeps every event."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def of(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.type == kind]

    def dump(self) -> str:
        return "\n".join(e.model_dump_json() for e in self.events)
