"""Questions about two quantities ("how many more inhabitants does Vellmar have than Pelin?"): an answer
that gives one of them, or says the other was not found, is partial; an answer that gives both gets
their difference worked out by code, never by the model.
"""

from __future__ import annotations

import re

from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import number_value, numbers_in

_YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
_GAP = re.compile(
    r"\bno (?:information|data|figure|mention)\b|\bnot (?:mentioned|provided|given|listed|found|available|"
    r"stated|specified|shown)\b|\b(?:does|do|did)(?:n't| not) (?:say|mention|show|list|give|state)\b|"
    r"\bunknown\b|\bcannot be (?:determined|found)\b",
    re.IGNORECASE,
)


def admits_gap(answer: str) -> bool:
    """The answer says part of it was not found ("… while Pelin has no information provided")."""
    return _GAP.search(answer) is not None


def partial(answer: str, intent: TaskIntent) -> bool:
    """An answer that holds only part of what was asked: it admits a gap, or a question about how two
    quantities differ gets fewer than two different numbers ("Pelin has 12,948 as well", read off
    Vellmar's line)."""
    values = {number_value(m) for m in _quantities(answer)}  # one number said of both is one quantity
    return admits_gap(answer) or (intent.asks_difference and len(values) < 2)


def with_difference(answer: str, intent: TaskIntent) -> str:
    """The answer with the difference of its two numbers added, when the request asks for it and the
    answer gives exactly two ("12,948 and 7,215" -> "… (difference: 5,733)")."""
    found = _quantities(answer)
    if not intent.asks_difference or len(found) != 2:
        return answer
    first, second = (number_value(m) for m in found)
    places = max(_places(m.group(0)) for m in found)
    grouped = any("," in m.group(0) for m in found)
    gap = f"{abs(first - second):{',' if grouped else ''}.{places}f}"
    return f"{answer.rstrip(' .')} (difference: {gap})."


def _quantities(answer: str) -> list[re.Match[str]]:
    """The numbers of the answer, leaving out years beside other numbers ("12,948 at the 2020 census")."""
    found = numbers_in(answer)
    others = [m for m in found if not _YEAR.fullmatch(m.group(0))]
    return others if others else found


def _places(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0
