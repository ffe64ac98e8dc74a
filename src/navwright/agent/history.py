"""The step's history as the model reads it: typed entries, written as text only by agent/prompting.py."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Did:
    """One entry of the step's history: what was done, and what the page said after it (None: a note
    of the navigator's, such as a finish turned back)."""

    what: str
    said: str | None = None
    names: tuple[str, ...] = ()
    """What the action worked with, as the page and the model name it: the element's name, the option
    chosen, the text typed (agent/clauses.py marks the parts of a request it did)."""
