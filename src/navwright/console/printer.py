"""`ConsolePrinter`: live progress of a run on a rich console, one line per event."""

from __future__ import annotations

import logging

from rich.console import Console
from rich.text import Text

from navwright.agent.events import Event
from navwright.printable import printable
from navwright.store.render import Line, event_lines

log = logging.getLogger(__name__)


def to_text(line: Line) -> Text:
    """A rich Text of the line; page and model text in it is made safe for the terminal (printable)."""
    text = Text(no_wrap=False, overflow="fold")
    for part, style in line:
        text.append(printable(part), style=style or None)
    text.rstrip()
    return text


class ConsolePrinter:
    """An EventSink that prints decisions, steps, actions with their change reports, questions,
    and the final answer with status, model calls, tokens and seconds. It never raises."""

    def __init__(self, console: Console, *, width: int | None = None, model_calls: bool = True) -> None:
        """`width` caps a line's free text (default: the console's width, at least 60)."""
        self.console = console
        self.width = width if width is not None else max(60, console.width)
        self.model_calls = model_calls
        self._t0: dict[str, float] = {}

    def emit(self, event: Event) -> None:
        try:
            self._print(event)
        except Exception as exc:
            log.debug("console printer skipped a %s event: %s", getattr(event, "type", "?"), exc)

    def _print(self, event: Event) -> None:
        if event.type == "model_called" and not self.model_calls and event.ok:
            return
        t0 = self._t0.setdefault(event.run_id, event.ts)
        for line in event_lines(event, t0=t0, width=self.width):
            self.console.print(to_text(line), highlight=False)
        if event.type == "run_finished":
            self._t0.pop(event.run_id, None)
