"""The form procedure: what a person does on a page whose form asks for what the task says ("from
Amsterdam to Rome on 2 December"). One short model call reads the task and the form's field labels and
says which value goes in which field; code fills them all (autocompletes, calendars and selects
included, by `fill_form`) and submits, with no click-by-click decisions.

It runs for a question or a comparison (a search form before the answer), once per form and step, on a
form of two or more fields that are empty, that asks for no password and is not a search box alone.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

from navwright.agent.actions import FIELD_ROLES, is_search_box
from navwright.browser.types import ElementInfo, Observation

MAX_FIELDS = 12
MAX_OPTIONS = 6
FILLABLE = FIELD_ROLES - {"checkbox", "radio"}
"""Fields a value is typed into: two of them empty make a form to fill."""
CHOICES = {"select", "listbox", "combobox", "checkbox", "radio"}


class FormPlan(BaseModel):
    fields: dict[str, str] = Field(default_factory=dict)
    """Field label -> the value the task gives for it."""


def open_form(obs: Observation) -> tuple[str, list[ElementInfo]] | None:
    """The page's form to fill: its key and fields, or None (no such form, or it wants a password)."""
    forms = Counter(e.form for e in obs.elements if e.form and e.role in FILLABLE and not is_search_box(e))
    if not forms:
        return None
    key, _ = forms.most_common(1)[0]
    fields = [e for e in obs.elements
              if e.form == key and (e.role in FIELD_ROLES or e.role in CHOICES) and not e.disabled]
    empty = [e for e in fields if e.role in FILLABLE and not (e.value or "").strip()]
    if len(empty) < 2 or any(e.input_type == "password" for e in fields):
        return None
    return key, fields[:MAX_FIELDS]


def describe(fields: list[ElementInfo]) -> str:
    """One line a field: its label, its kind and, for a choice, its first options."""
    lines = []
    for e in fields:
        kind = e.input_type if e.input_type and e.input_type not in {"text"} else e.role
        shown = f"- {e.name or e.placeholder or '(no label)'} ({kind})"
        if e.options:
            more = " | …" if len(e.options) > MAX_OPTIONS else ""
            shown += ": " + " | ".join(e.options[:MAX_OPTIONS]) + more
        lines.append(shown)
    return "\n".join(lines)


def given_values(plan: FormPlan, fields: list[ElementInfo], task: str) -> dict[str, str]:
    """The plan's values for fields the form has, each one said in the task (a value the task does not
    hold, in any case, is the model's guess and is left out)."""
    labels = {(e.name or e.placeholder or "").casefold(): e.name or e.placeholder or "" for e in fields}
    said = task.casefold()
    out: dict[str, str] = {}
    for label, value in plan.fields.items():
        name = labels.get(label.strip().casefold())
        if name and value.strip() and value.strip().casefold() in said:
            out[name] = value.strip()
    return out
