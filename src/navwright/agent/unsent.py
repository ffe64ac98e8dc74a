"""A form the step filled and never sent: "Enter an item that starts with "Alg"" typed "Algeria" into the
field, chose it from the field's suggestions and ended the step, with the form's "Submit" never pressed.
Nothing a form holds reaches the site before it is sent, so an action's step that ends there did not do
it (agent/judge/finish.py's `finish_form_sent` turns the finish back, naming the button).

The step's history says, per action, the field it filled (`Did.filled`) and whether it sent a form or
left the page (`Did.moves_on`); a fill stays pending until such an action, and counts only while a button
of its form is on the page (a form gone with its page was sent or left)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from navwright.agent.history import Did, Entry
from navwright.agent.vetoes import FIELDS, has_word
from navwright.browser.types import FILLS, ActionResult, ElementInfo

SENDERS = frozenset({"button", "submit"})
MOVES_ON = frozenset({"key", "send_form", "search", "go"})
"""What a skill does that sends what a form holds (Enter) or leaves the page's forms behind."""
NOT_SENDING = ("cancel", "reset", "clear", "close", "back", "delete", "remove")
"""Words of a form's buttons that do not send what it holds."""


@dataclass(frozen=True)
class Unsent:
    field: ElementInfo
    """The last field the step filled in the form."""
    buttons: tuple[ElementInfo, ...]
    """The form's buttons that send it, on the page now."""


def fill_of(
    target: ElementInfo | None, result: ActionResult, params: dict[str, Any]
) -> tuple[ElementInfo | None, bool]:
    """The field of a form an action that worked filled (None: none), and whether it sent a form or
    left the page."""
    if not result.ok:
        return None, False
    fills = result.does in FILLS or (result.does == "press" and target is not None and target.role in FIELDS)
    filled = target if fills and target is not None and target.form else None
    moves_on = (result.navigated or result.does in MOVES_ON or bool(params.get("enter"))
                or (result.does == "press" and target is not None and not fills
                    and (target.role == "link" or bool(target.form))))
    return filled, moves_on


def unsent(done: Sequence[Entry], elements: list[ElementInfo]) -> Unsent | None:
    """The form the step filled last and sent no later (no press of its button, no Enter, no page left),
    when a button that sends it is on the page; None otherwise."""
    pending: ElementInfo | None = None
    for entry in done:
        if isinstance(entry, Did):
            pending = entry.filled or pending
            if entry.moves_on:
                pending = None
    if pending is None:
        return None
    buttons = tuple(e for e in elements if e.form == pending.form and e.role in SENDERS and not e.disabled
                    and e.name.strip() and not has_word(e.name.lower(), NOT_SENDING))
    return Unsent(pending, buttons) if buttons else None
