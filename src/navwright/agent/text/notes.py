"""The lines of a step's history as the model reads them: an action and what the page said after it,
or a note of the step's own (agent/history.py's typed entries)."""

from __future__ import annotations

from navwright.agent.history import (
    AlreadyDone,
    ChosePage,
    Did,
    Entry,
    Kept,
    Note,
    NotTaken,
    TurnedBack,
    Unfilled,
)
from navwright.agent.modelcall import short
from navwright.browser.render import quote_page
from navwright.browser.types import ElementInfo


def with_choice(typed: Did, chose: Did, name: str) -> str:
    """What the page said after a type and the suggestion code chose after it, as one entry: told apart
    ("type Les", then code's click), the model typed "Les" again instead of going on."""
    return f'{typed.said or ""}\nThe suggestion "{name}" was chosen: {chose.said or ""}'.strip()


def entry_line(n: int, entry: Entry) -> str:
    """`N. action -> result`: the result is what the page said, quoted as page content."""
    if isinstance(entry, Note):
        return f"{n}. {note_text(entry)}"
    return f"{n}. {entry.what}" if entry.said is None else f"{n}. {entry.what} -> {quote_page(entry.said)}"


def summary(entries: list[Entry]) -> str:
    """What the step did, for its report: the actions, and its notes."""
    return "; ".join(e.what if isinstance(e, Did) else note_text(e) for e in entries)


def note_text(note: Note) -> str:
    match note:
        case TurnedBack(why):
            return f"finish: not accepted, {why}. Do it on the page, or finish failed."
        case ChosePage():
            return "chose to work with the page itself"
        case AlreadyDone(actions):
            return f"{'; '.join(actions)}: already done, results above. Now finish the task with its answer."
        case Unfilled(button, empty, boxes):
            return _unfilled(button, empty, boxes)
        case NotTaken(answer, why):
            return f'read "{short(answer, 80)}" off the page; not taken: {why}'
        case Kept(field, holds, how):
            return (f'[{field.id}] "{field.name}" already holds "{holds}", {how}: do the rest of the task, '
                    "or finish.")
    raise TypeError(f"no text for {type(note).__name__}")


def chosen_suggestion(name: str) -> str:
    """How code filled a field (a `Kept` note's `how`): it chose the suggestion `name`."""
    return f'chosen from its suggestions ("{name}")'


def read_off_page(what: str) -> str:
    """How code filled a field: it read `what` off the page (a value the request copies)."""
    return f'read off the page for "{what}"'


def set_amount(count: int, unit: str) -> str:
    """How code filled a field: it set the quantity the task orders."""
    return f"set to the {count} {unit} the task asks for"


def _unfilled(button: ElementInfo, empty: tuple[ElementInfo, ...], boxes: tuple[ElementInfo, ...]) -> str:
    """What the model reads about a press that waited."""
    said = []
    if empty:
        listed = ", ".join(f'[{f.id}] "{f.name}"' if f.name else f"[{f.id}]" for f in empty)
        said.append(f'{listed} {"is" if len(empty) == 1 else "are"} empty. Type the task\'s value for '
                    f'{"it" if len(empty) == 1 else "each"} first')
    if boxes:
        listed = ", ".join(f'[{b.id}] "{b.name}"' for b in boxes)
        said.append(f'{listed} {"is" if len(boxes) == 1 else "are"} not ticked yet. Tick '
                    f'{"it" if len(boxes) == 1 else "them"} first')
    return f'"{button.name}" was not pressed: {"; ".join(said)}.'
