"""The quantity a task orders or books, set by code in the field that says how many.

Asked to "buy 2 pairs of the Summit Trail Runner", a small model chose the size and pressed "Add to
cart" with the Quantity field still at 1, ordered one pair and said it was done; told the field held 1,
it clicked every size instead. Where the task orders or books more than one (`TaskIntent.amount`) and
the page has one field that says how many of it (a "Quantity" box, a "Guests" list), code sets the
number there before the model decides, as the form procedure fills what the task gives.
"""

from __future__ import annotations

import re

from navwright.agent.task.intent import Amount, TaskIntent
from navwright.agent.task.tokens import letters, number_value, numbers_in
from navwright.browser.types import ElementInfo

QUANTITY_FIELD = re.compile(r"\b(?:qty|quantity|quantities|number of|how many|tickets?|seats?|guests?|"
                            r"people|persons|adults|passengers|travell?ers)\b", re.IGNORECASE)
"""The name of a field that says how many ("Quantity", "Number of guests", "Adults")."""
FIELD_ROLES = frozenset({"spinbutton", "textbox", "combobox", "listbox"})


def quantity_fields(elements: list[ElementInfo], amount: Amount) -> list[ElementInfo]:
    """The enabled fields of the page that say how many: by their name, or by the thing the task
    counts ("Pairs")."""
    unit = re.compile(rf"\b{re.escape(amount.unit[:4])}", re.IGNORECASE)
    return [e for e in elements if e.role in FIELD_ROLES and not e.disabled
            and (QUANTITY_FIELD.search(e.name) or unit.search(e.name))]


def holds_amount(field: ElementInfo, amount: Amount) -> bool:
    """The field's value is the number the task asks for ("2", "2 guests")."""
    return any(number_value(m) == amount.count for m in numbers_in(field.value or ""))


def amount_field(elements: list[ElementInfo], amount: Amount, intent: TaskIntent) -> ElementInfo | None:
    """The one field of the page where the task's number goes, when none holds it yet: the only field
    that says how many, or the one whose name shares the most words with the task beyond the words of
    quantity ("Quantity of Summit Trail Runner" among a cart's lines). None when there is none, when one
    holds the number already, or when no name shares more words than the others."""
    fields = quantity_fields(elements, amount)
    if not fields or any(holds_amount(f, amount) for f in fields):
        return None
    if len(fields) == 1:
        return fields[0]
    asked = set(intent.letters(min_len=3))
    shared = [len(asked & _words(QUANTITY_FIELD.sub(" ", f.name))) for f in fields]
    best = max(shared)
    return fields[shared.index(best)] if best and shared.count(best) == 1 else None


def amount_option(field: ElementInfo, amount: Amount) -> str | None:
    """The option of a list field that is the task's number ("2", "2 guests"); None when it has none."""
    return next((o for o in field.options
                 if any(number_value(m) == amount.count for m in numbers_in(o))), None)


def _words(text: str) -> set[str]:
    return set(letters(text, min_len=3))
