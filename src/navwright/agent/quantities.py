"""What kind of quantity a question asks for, and what kind a page printed a number as.

A careful reader checks the unit: asked "how heavy is the tent?", the "$279.00" under its name is not
the answer. `unit_mismatch` names a number of an answer that every page showing it printed as another
kind of quantity (money, weight, temperature…) than the one the question asks for, or than the answer
itself gives it. A number printed bare, or a question whose kind is unclear, is never a mismatch.
"""

from __future__ import annotations

import re

from navwright.agent.grounding import Seen, facts_of
from navwright.agent.task.asks import Quantity
from navwright.agent.task.tokens import number_value, numbers_in

_BEFORE: dict[Quantity, re.Pattern[str]] = {
    "money": re.compile(r"(?:[$€£¥₹]|\b(?:usd|eur|gbp|chf|sek|nok|dkk))\s?$", re.IGNORECASE),
}
_AFTER: dict[Quantity, re.Pattern[str]] = {
    "money": re.compile(r"^\s?(?:[$€£¥]|(?:usd|eur|gbp|chf|sek|nok|dkk|kr|dollars?|euros?)\b)",
                        re.IGNORECASE),
    "weight": re.compile(r"^\s?(?:kg|g|lbs?|oz|grams?|kilograms?|kilos?|ounces?|tonnes?|t)\b",
                         re.IGNORECASE),
    "temperature": re.compile(r"^\s?(?:°|º|degrees?\b)", re.IGNORECASE),
    "distance": re.compile(r"^\s?(?:km|mi|miles?|kilometres?|kilometers?|metres?|meters?|ft|feet|cm|mm)\b",
                           re.IGNORECASE),
    "percent": re.compile(r"^\s?(?:%|per ?cent\b)", re.IGNORECASE),
    "duration": re.compile(r"^\s?(?:hours?|hrs?|minutes?|mins?|days?|working days|weeks?|months?|years?)\b",
                           re.IGNORECASE),
}
def quantity_at(text: str, start: int, end: int) -> Quantity | None:
    """The kind of quantity the number at text[start:end] is printed as, from the unit beside it."""
    before, after = text[max(0, start - 5) : start], text[end : end + 14]
    for kind, pattern in _BEFORE.items():
        if pattern.search(before):
            return kind
    for kind, pattern in _AFTER.items():
        if pattern.match(after):
            return kind
    return None


def printed_as(value: float, text: str) -> set[Quantity | None]:
    """Each kind the text prints `value` as (None: a bare number)."""
    return {quantity_at(text, m.start(), m.end()) for m in numbers_in(text) if number_value(m) == value}


def unit_mismatch(answer: str, seen: Seen, asked: Quantity | None) -> str | None:
    """A number of `answer` that the pages printed only as another kind of quantity than the question
    asks for (`asked`: TaskIntent.quantity) or than the answer itself calls it, or None. Numbers no page
    printed are grounding's concern, not this check's."""
    for fact in facts_of(answer):
        match = next(iter(numbers_in(fact)), None)
        if match is None or match.group(0) != fact.strip():
            continue
        value = number_value(match)
        wanted = {kind for kind in (asked, *printed_as(value, answer)) if kind is not None}
        if not wanted:
            continue
        kinds: set[Quantity | None] = set()
        for line in seen.lines:
            if value in line.numbers:
                kinds |= printed_as(value, line.text)
        if kinds and None not in kinds and not wanted <= kinds:
            return fact
    return None
