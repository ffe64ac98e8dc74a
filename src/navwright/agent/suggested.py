"""The suggestion a field offered, chosen after typing into it: what a person does with an autocomplete.

Typed "Les", a field listed "Lesotho" under it; the 1.5B model typed "Les" again three times, and the
field never held an item. Code clicks the suggestion when the choice is plain: the one that appeared
holding what was typed and fitting what the request says of the value (a quoted "starts with"/"ends
with", other quoted words), the one the request names in full, or — when the request describes the
value only by such a pattern ("an item that starts with "Sai"") — the first that fits it. Otherwise
(several fit, nothing names one) the model chooses. Only right after a type, and not in a search box
(what appears under it are the search's results).

When the model's guess found no suggestion and the request quotes the value's beginning, code types
that beginning and chooses from what it offers. The choice reads as part of the type before it in the
step's history, and stands (agent/kept.py): told
"Enter an item that starts with "Les"", the model typed "Les" again over "Lesotho".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from navwright.agent.actions import is_search_box
from navwright.agent.history import Did, Entry
from navwright.agent.procedure import Move
from navwright.agent.step import StepState
from navwright.agent.task.request import StepRequest
from navwright.agent.text.notes import chosen_suggestion, with_choice
from navwright.browser.types import ElementInfo

OFFERED = {"button", "option", "link", "menuitem", "listitem"}
"""The roles a suggestion list's items have."""
TYPED = {"textbox", "combobox", "searchbox"}


@dataclass(frozen=True)
class Pattern:
    """What the request says of the value: its beginning, its end, other words it quotes."""

    starts: str = ""
    ends: str = ""
    words: tuple[str, ...] = ()

    def fits(self, name: str) -> bool:
        have = name.casefold()
        return (have.startswith(self.starts.casefold()) and have.endswith(self.ends.casefold())
                and all(w.casefold() in have for w in self.words))

    @property
    def described(self) -> bool:
        """The request describes the value by its edges, so any item that fits will do."""
        return bool(self.starts or self.ends)


def pattern_of(request: StepRequest, elements: list[ElementInfo]) -> Pattern:
    """The request's pattern; quoted words that name an element of the page ("press "Search"") are
    not words of the value."""
    names = {e.name.casefold() for e in elements if e.name}
    words = tuple(w for w in request.quoted if w not in request.edged and w.casefold() not in names)
    return Pattern(request.starts, request.ends, words)


def suggestion_to_pick(
    request: StepRequest, state: StepState, elements: list[ElementInfo], pressed: set[str]
) -> ElementInfo | None:
    """The suggestion to click right after a type, or None; the field and what it will hold go into
    `state.by_code.kept`, the suggestion into `pressed`."""
    found = just_typed(state, elements)
    if found is None:
        return None
    field, typed, offered = found
    offered = [e for e in offered if e.id not in pressed and typed in e.name.casefold()]
    pattern = pattern_of(request, elements)
    fitting = [e for e in offered if pattern.fits(e.name)]
    named = [e for e in fitting if e.name.casefold() in request.text.casefold()]
    chosen = named[:1] or (fitting[:1] if len(fitting) == 1 or pattern.described else [])
    if not chosen:
        return None
    pressed.add(chosen[0].id)
    state.by_code.kept[field.id] = chosen_suggestion(chosen[0].name)
    return chosen[0]


def beginning_to_type(
    request: StepRequest, state: StepState, elements: list[ElementInfo], pressed: set[str]
) -> Move | None:
    """The beginning the request quotes ("starts with "Mon""), typed by code into the field where the
    model's guess ("Monday rat") found no suggestion, once per field: its suggestions are then chosen
    from (`suggestion_to_pick`). The model typed its guess three times."""
    found = just_typed(state, elements)
    starts = request.starts
    if found is None or found[2] or not starts or found[1] == starts.casefold():
        return None
    field = found[0]
    if f"begin:{field.id}" in pressed:
        return None
    pressed.add(f"begin:{field.id}")
    return "type_text", {"element": field.id, "text": starts}


Typed = tuple[ElementInfo, str, list[ElementInfo]]
"""A field just typed into, what was typed (case folded) and the suggestions that appeared for it."""


def just_typed(state: StepState, elements: list[ElementInfo]) -> Typed | None:
    """The field the last action typed into, what it typed and the suggestions that appeared for it
    (still on the page); None after any other action, or for a search box (what appears under it are
    the search's results, which the look-up and the model read)."""
    last, done = state.last, state.done
    if last is None or not last.ok or last.does != "type" or not done or not done[-1].names:
        return None
    field_name, typed = done[-1].names[0], done[-1].names[-1].strip().casefold()
    field = next((e for e in elements if e.name == field_name and e.role in TYPED), None)
    if field is None or is_search_box(field) or not typed:
        return None
    present = {e.id for e in elements}
    return field, typed, [e for e in last.appeared if e.role in OFFERED and e.id in present]


def fold_choice(done: list[Entry], name: str | None) -> None:
    """The suggestion `name` code just chose, read in the step's history as part of the type that offered
    it: told apart ("type Les", then code's click), the model typed "Les" again instead of going on."""
    if name is None or len(done) < 2:
        return
    typed, chose = done[-2:]
    if not isinstance(typed, Did) or not isinstance(chose, Did):
        return
    done[-2:] = [replace(typed, said=with_choice(typed, chose, name), names=typed.names + chose.names,
                         shown=typed.shown + chose.shown, moves_on=typed.moves_on or chose.moves_on)]
