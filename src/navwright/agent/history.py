"""The step's history as typed entries: an action that ran (`Did`) or a note of the step's own (`Note`:
a finish turned back, a press held back, an answer not taken…). agent/text/ writes them as the lines the
model reads; nothing else does."""

from __future__ import annotations

from dataclasses import dataclass

from navwright.browser.types import ElementInfo


@dataclass(frozen=True)
class Did:
    """An action that ran: what was done (as the model writes it), and what the page said after it."""

    what: str
    said: str | None = None
    names: tuple[str, ...] = ()
    """What the action worked with, as the page and the model name it: the element's name, the option
    chosen, the text typed (agent/clauses.py marks the parts of a request it did)."""
    pressed: ElementInfo | None = None
    """The element a press (click) worked on, as the page showed it before the press."""
    shown: tuple[str, ...] = ()
    """The messages the page showed by itself after it (an error text, a toast): the step's later lines
    do not say them again."""
    filled: ElementInfo | None = None
    """The field of a form the action typed into, chose in or ticked, as the page showed it before."""
    moves_on: bool = False
    """The action sent a form or left the page: a press of a link or of a form's button, Enter, a form
    or a search sent by a skill, a page that navigated (agent/unsent.py)."""


class Note:
    """A note of the step's own: no action ran, the model reads why."""

    names: tuple[str, ...] = ()
    """Nothing was worked with."""


@dataclass(frozen=True)
class TurnedBack(Note):
    """The model's finish was not accepted (agent/judge/finish.py says why)."""

    why: str


@dataclass(frozen=True)
class ChosePage(Note):
    """The model left the site's functions for the page's own controls."""


@dataclass(frozen=True)
class AlreadyDone(Note):
    """The model's whole batch repeated actions that had worked: now only a finish."""

    actions: tuple[str, ...]


@dataclass(frozen=True)
class Unfilled(Note):
    """A press that would send a form waited: fields of its form are empty, boxes the request names are
    not ticked (agent/unfilled.py)."""

    button: ElementInfo
    empty: tuple[ElementInfo, ...] = ()
    boxes: tuple[ElementInfo, ...] = ()


@dataclass(frozen=True)
class NotTaken(Note):
    """An answer read off the page that code doubted: held, and the step goes on."""

    answer: str
    why: str


@dataclass(frozen=True)
class Kept(Note):
    """A type over a field code set in this step waited: what the field holds and how code set it."""

    field: ElementInfo
    holds: str
    how: str


Entry = Did | Note
"""One entry of the step's history."""
