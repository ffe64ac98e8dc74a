"""A form sent with fields left empty: the press that sends it waits once, and the model is told which.

A small model fills two of a search form's three fields ("action movies directed by Bowen from 1998":
director and year typed, genre left empty) and presses Submit in the same reply; the page answers
with the wrong results, or ends the task. When a press on a form's button would send a form the model
began to fill while a field of it is still empty, that press (and what the batch had after it) waits:
the model reads which fields are empty and fills them, or presses again to send the form as it is
(the second press of that button is never held). Fields a page marks optional are not waited for, and
when a page marks its required fields, only those.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import BaseModel

from navwright.agent.actions import action_params, is_search_box
from navwright.agent.history import Unfilled
from navwright.agent.named import named_elements
from navwright.agent.step import StepState, acted_on, name_of
from navwright.agent.task.request import StepRequest
from navwright.agent.task.tokens import numbers_in
from navwright.browser.skills.base import Skill
from navwright.browser.types import FILLS, ElementInfo, Observation

TEXT_ROLES = {"textbox"}
OPTIONAL = re.compile(r"\boptional\b", re.IGNORECASE)


def empty_fields(button: ElementInfo, elements: list[ElementInfo], typed: set[str]) -> list[ElementInfo]:
    """The text fields of `button`'s form (the fields of no form, for a button of none) that are empty
    and that the batch does not type into before the press (`typed`: ids), when some field of that form
    is filled or typed into; [] otherwise."""
    fields = _texts([e for e in elements if e.form == button.form])
    if not any((f.value or "").strip() or f.id in typed for f in fields):
        return []  # not a form the model began to fill (a button beside an empty box)
    marks = any(e.required for e in elements if e.form == button.form)
    return [f for f in wanted(fields, marks) if not (f.value or "").strip() and f.id not in typed]


def wanted(texts: list[ElementInfo], marks: bool) -> list[ElementInfo]:
    """The text fields a form wants filled: where the page marks some of its fields required (`marks`),
    those; else all but the ones labelled optional."""
    return [f for f in texts if f.required] if marks else [f for f in texts if not OPTIONAL.search(_words(f))]


def left_by(values: dict[str, str], fields: list[ElementInfo]) -> bool:
    """Whether filling `values` (label -> value) leaves a text field the form wants empty."""
    return any(not (f.value or "").strip() and f.name not in values and (f.placeholder or "") not in values
               for f in wanted(_texts(fields), any(f.required for f in fields)))


def _texts(fields: list[ElementInfo]) -> list[ElementInfo]:
    """The enabled text fields among `fields`, search boxes aside, and number boxes whose hint is the
    number they stand for when left empty (a ticket shop's "0" beside each ticket it does not sell)."""
    return [f for f in fields if f.role in TEXT_ROLES and not f.disabled and not is_search_box(f)
            and not _defaults_to_number(f)]


def _defaults_to_number(field: ElementInfo) -> bool:
    hint = (field.placeholder or "").strip()
    return field.input_type == "number" and bool(hint) and [m.group(0) for m in numbers_in(hint)] == [hint]


def _words(field: ElementInfo) -> str:
    return f"{field.name} {field.placeholder or ''}"


def held(action: BaseModel, before: list[BaseModel], obs: Observation, state: StepState,
         skills: Mapping[str, Skill], request: StepRequest, waited: set[str]) -> bool:
    """A press that would send a form the model began to fill (`before`: the batch's earlier actions)
    with fields still empty, or while boxes the request tells to tick are not, waits, once per button
    (`waited`: the buttons that waited in this step); the step's history then says which."""
    button = acted_on(action, obs, skills, "press")
    if button is None or button.role != "button":
        return False  # a box or a link pressed is not a form sent
    if button.id in waited:
        return False
    did = {str(action_params(a).get("element")): s.does for a in before if (s := skills.get(name_of(a)))}
    empty = empty_fields(button, obs.elements, {i for i, does in did.items() if does in FILLS})
    boxes = unticked(request, obs.elements, {i for i, does in did.items() if does in {"press", "check"}})
    boxes = [b for b in boxes if b.id != button.id]
    if not empty and not boxes:
        return False
    waited.add(button.id)
    state.done.append(Unfilled(button, tuple(empty), tuple(boxes)))
    return True


MAX_BOXES = 16


def unticked(request: StepRequest, elements: list[ElementInfo], pressed: set[str]) -> list[ElementInfo]:
    """The checkboxes a request that tells to tick things names and that are not ticked (nor pressed
    earlier in the batch: `pressed`)."""
    if not request.ticks:
        return []
    named = named_elements(request.text, elements, limit=MAX_BOXES)
    boxes = [e for n in named for e in n.elements if e.role == "checkbox"]
    return [e for e in boxes if not e.checked and e.id not in pressed]
