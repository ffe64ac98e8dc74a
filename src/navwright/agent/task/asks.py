"""What a question asks for, read once (`TaskIntent`): a number ("how many…", "what is the population
of…"), or how much two quantities differ ("how many more inhabitants does Vellmar have than Pelin?"),
and what it asks of the thing it names ("who owns …": own)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from navwright.agent.task.names import SEVERAL
from navwright.agent.task.tokens import STOP, words
from navwright.browser.skills.find import stem

_WANTS_NUMBER = re.compile(
    r"\bhow (?:much|many|long|old|far|heavy|tall|big|often)\b|\bwhat time\b|\bwhen does\b|"
    r"\b(?:what|which) (?:date|year)\b|"
    r"\bwhat (?:is|was|are|were) the (?:\w+ ){0,3}(?:price|cost|fee|population|temperature|number|"
    r"total|amount|weight|height|length|distance|duration|rate|count)\b", re.IGNORECASE)
_DIFFERENCE = re.compile(
    r"\bhow (?:many|much) (?:more|fewer|less)\b|\bdifference\b|\bhow much (?:older|younger|longer|shorter|"
    r"higher|lower|bigger|larger|smaller|heavier|lighter|cheaper|dearer|more expensive|warmer|colder)\b",
    re.IGNORECASE,
)


_TOTAL = re.compile(r"\bin all(?=\s*(?:[,.;:!?]|$))|\b(?:in total|altogether|all together|all told|combined|"
                    r"total|sum)\b", re.IGNORECASE)
"""Words that ask for a sum ("in all" at a clause's end: not "in all lower case letters")."""
_HOW_MANY = re.compile(r"\bhow many\b", re.IGNORECASE)


def asks_total(request: str) -> bool:
    """The request asks what several records come to ("How much has Chloe paid in all?", "the total of
    the March bills"), not how many there are (a count) and not one record's figure."""
    return _TOTAL.search(request) is not None and _HOW_MANY.search(request) is None


_WANTS_TIME = re.compile(
    r"(?:^|[.!?;:]\s+)when\b|"
    r"\bwhen (?:is|was|are|were|does|do|did|will|would|can|could|should|has|have|had)\b|"
    r"\b(?:what|which) (?:time|date|day|year|month)\b|\b(?:by|until|since|till) when\b", re.IGNORECASE)


def wants_time(request: str) -> bool:
    """The request asks when: a date, a day, a time ("When is the Beta milestone due?", "what time does
    the museum open?"), not "tell me the price when it is on sale"."""
    return _WANTS_TIME.search(request) is not None


def wants_number(request: str) -> bool:
    """The request asks for a number: a price, a time, a count ("how many…", "what is the population…")."""
    return bool(_WANTS_NUMBER.search(request))


def asks_difference(request: str) -> bool:
    """The request asks how much two quantities differ."""
    return _DIFFERENCE.search(request) is not None and SEVERAL.search(request) is not None


_QUESTION_WORDS = frozenset({"who", "what", "when", "where", "which", "how", "whose"})
_ASKED = re.compile(r"\b(who|whom|whose|when|what|which|where|how)\b(\s+(?:date|day|year|month)\b)?", re.I)
_BYLINE = frozenset({"who", "whom", "whose", "when"})


def asks_byline(task: str) -> bool:
    """Every question word of the task asks who or when ("Who wrote the most recent article, and on
    what date?"): what the line of a dated list shows of each item (its author, its date), not what
    only the item holds ("What is the booking reference in my latest confirmation?")."""
    found = list(_ASKED.finditer(task))
    return bool(found) and all(m.group(1).casefold() in _BYLINE or m.group(2) for m in found)


def asked_of(task: str) -> frozenset[str]:
    """What a question asks of the thing it names, as stems: its words that are no name (capitalised),
    no function word and no number ("own" of "Who owns ticket #14 in the Harbor tracker?"); none when
    it asks two things ("where …, and at what time …")."""
    if sum(1 for w in words(task) if w in _QUESTION_WORDS) > 1:
        return frozenset()
    return _unnamed_stems(task)


_WHO = re.compile(r"\bwho(?:se|m)?\b", re.IGNORECASE)


def who_asked(task: str) -> frozenset[str] | None:
    """What a question that asks who asks of the person, as stems of its words that are no name ("own"
    and "ticket" of "Who owns ticket #14?"); None when it asks no who."""
    return None if _WHO.search(task) is None else _unnamed_stems(task)


def _unnamed_stems(task: str) -> frozenset[str]:
    """The stems of the task's content words that are no name (not capitalised)."""
    return content_stems(w.casefold() for w in words(task, keep_case=True) if not w[:1].isupper())


Quantity = Literal["money", "weight", "temperature", "distance", "percent", "duration"]

_ASKS: dict[Quantity, re.Pattern[str]] = {
    "money": re.compile(r"\b(?:cost|costs|price|priced|fee|fees|pay|charge|charged|cheapest|"
                        r"expensive|how much is|total)\b", re.IGNORECASE),
    "weight": re.compile(r"\b(?:heavy|heavier|weigh|weighs|weight|lightest|heaviest)\b", re.IGNORECASE),
    "temperature": re.compile(r"\b(?:temperature|how (?:hot|warm|cold))\b", re.IGNORECASE),
    "distance": re.compile(r"\b(?:how far|distance|how long is the (?:trail|route|road|river))\b",
                           re.IGNORECASE),
}


def asked_quantity(question: str) -> Quantity | None:
    """The one kind of quantity the question asks for, or None when it asks for none or for several."""
    kinds = [kind for kind, pattern in _ASKS.items() if pattern.search(question)]
    return kinds[0] if len(kinds) == 1 else None


def content_stems(said: Iterable[str]) -> frozenset[str]:
    """The stems of the case-folded words that carry content: no function word, no number, three
    letters or more (a question's and a page label's words are compared by these)."""
    return frozenset(stem(w) for w in said if w not in STOP and len(w) >= 3 and not w.isdigit())
