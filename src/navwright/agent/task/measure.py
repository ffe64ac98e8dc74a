"""What a task compares by and what it bounds, read once (`comparing`): the measure it asks for ("the
cheapest", "best rated"), its bounds of price ("under $300") and of time of day ("leaves before noon"),
its content words, its numbers and its names. The compare procedure (agent/compare.py) reads records
against this, never the task's text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from navwright.agent.task.tokens import CALENDAR, STOP, words
from navwright.browser.skills.dates import minutes_of

Measure = Literal["price", "rating", "duration", "weight", "date", "order", "count"]


@dataclass(frozen=True)
class Criterion:
    measure: Measure
    lowest: bool
    label: str
    """How the answer names it: "lowest price"."""
    noun: str = ""
    """What a count measure counts, stemmed ("place" for "the most places"): a record's number beside
    that word is its measure."""


_CRITERIA: list[tuple[re.Pattern[str], Criterion]] = [
    (re.compile(r"\b(?:most expensive|priciest|highest[- ]priced?|highest price|dearest)\b", re.I),
     Criterion("price", False, "highest price")),
    (re.compile(r"\b(?:cheapest|least expensive|lowest[- ]priced?|lowest (?:price|fare)|cheapest)\b", re.I),
     Criterion("price", True, "lowest price")),
    (re.compile(r"\b(?:best|highest|top)[- ](?:customer )?(?:rated|rating|reviewed)\b|\bbest\b", re.I),
     Criterion("rating", False, "best rating")),
    (re.compile(r"\b(?:quickest|fastest|shortest)\b", re.I), Criterion("duration", True, "shortest time")),
    (re.compile(r"\blightest\b", re.I), Criterion("weight", True, "lowest weight")),
    (re.compile(r"\bheaviest\b", re.I), Criterion("weight", False, "highest weight")),
    (re.compile(r"\b(?:most recent|latest|newest)\b", re.I), Criterion("date", False, "latest date")),
    (re.compile(r"\boldest\b", re.I), Criterion("date", True, "earliest date")),
]
_MOST = frozenset({"most", "largest", "biggest", "highest", "greatest"})
_FEWEST = frozenset({"fewest", "least", "smallest", "lowest"})
_COUNTED = re.compile(rf"\bthe\s+({'|'.join(sorted(_MOST | _FEWEST))})\b"
                      r"(?:\s+(?:number\s+of\s+|amount\s+of\s+)?([a-z][a-z-]{2,}))?", re.I)
"""A question for the most or the fewest of a thing a record gives a number of ("which event has the most
places?", "the town with the largest population"), or of what it does not name ("who paid the most?");
not a quantifier ("most people", "at most 3")."""
AMOUNT = r"(\d(?:[\d.,]*\d)?)"
"""A number as a page or a task writes an amount ("1,299.00", "64,90")."""
BOUND = re.compile(rf"\b(under|below|less than|cheaper than|at most|up to|max(?:imum)?|over|above|"
                   rf"more than|at least|min(?:imum)?)\s+[$€£]?\s?{AMOUNT}", re.I)
_UPPER = frozenset({"under", "below", "less than", "cheaper than", "at most", "up to", "max", "maximum"})
_CLOCK = r"(?:noon|midday|midnight|\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)"
_TIME_BOUND = re.compile(rf"\b(before|after|until|by|earlier than|later than|no later than|no earlier than)"
                         rf"\s+({_CLOCK})(?!\w)", re.I)
_ARRIVING = re.compile(r"\b(?:arriv\w*|lands?|landing|gets? (?:in|there))\b[^.,;]{0,25}$", re.I)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH_BOUND = re.compile(rf"\b(?:in|during)\s+({'|'.join(_MONTHS)})(?:\s+(\d{{4}}))?\b", re.I)
"""A month the records must fall in ("the most expensive bill in March 2024")."""
_PLACEHOLDER = re.compile(r"\{\{[^}]*\}\}")
"""A secret's placeholder a task names ("{{IHM_PASSWORD}}"): no name a page shows."""
_ASKING = frozenset({
    "tell", "please", "show", "find", "give", "want", "need", "also", "any", "all", "some", "just", "only",
    "one", "ones", "item", "items", "thing", "things", "list", "listed", "page", "site",
})
"""Words a request asks with ("please show me all the items"), not what it is about."""
_MEASURING = frozenset({
    "under", "below", "over", "above", "less", "more", "least", "most", "best", "top", "highest", "lowest",
    "cheap", "cheaper", "cheapest", "expensive", "priciest", "price", "priced", "rating", "rated", "rate",
    "customer", "customers", "review", "reviews", "reviewed", "quick", "quickest", "fast", "fastest",
    "short", "shortest", "light", "lightest", "heavy", "heaviest", "recent", "latest", "newest", "oldest",
})
"""Words of the measure and its bounds ("the cheapest … under $300"): the criterion, not the things."""
_STOP = STOP | _ASKING | _MEASURING


@dataclass(frozen=True)
class PriceBound:
    """A bound of price the task sets ("under $300": upper, 300)."""

    upper: bool
    limit: float


@dataclass(frozen=True)
class TimeBound:
    """A bound of time of day the task sets ("before noon"; "arrives by 6 pm" bounds the last time)."""

    word: str
    """The word that bounds, case-folded: "before", "by", "after"…"""
    limit: int
    """Minutes after midnight."""
    arriving: bool
    """The bound is on the arrival ("arrives by 6 pm"): a record's last time of day, not its first."""


@dataclass(frozen=True)
class MonthBound:
    """A month the task's records must fall in ("in March 2024"; any year when it gives none)."""

    month: int
    year: int | None


@dataclass(frozen=True)
class Comparing:
    """What a comparison over records reads of the task."""

    prices: tuple[PriceBound, ...] = ()
    times: tuple[TimeBound, ...] = ()
    stems: frozenset[str] = frozenset()
    """Its content words, stemmed: not function words, words it asks with, nor the measure's."""
    numbers: tuple[str, ...] = ()
    """Its numbers that bound nothing ("14 December"): a list about another day is not the answer."""
    names: tuple[tuple[str, ...], ...] = ()
    """Its names, capitalised words run together ("London Heathrow", "Zurich"), not its first word, nor
    a month's or a day's name, nor a secret's {{PLACEHOLDER}}."""
    months: tuple[MonthBound, ...] = ()


def criterion_in(task: str, question: bool = True) -> Criterion | None:
    """The measure the task asks to compare by, or None when it names none code can read. A date
    ("the most recent article") only for a `question`: "Forward Ben's latest mail" opens a message."""
    found = next((criterion for pattern, criterion in _CRITERIA if pattern.search(task)), None)
    if found is None and question:
        found = _count_in(task)
    return None if found is not None and found.measure == "date" and not question else found


def superlative_in(text: str) -> bool | None:
    """The way round of the first superlative the text says: True for the fewest ("the smallest"),
    False for the most ("the largest"), None when it says none."""
    said = words(text)
    found = next((w for i, w in enumerate(said) if w in _MOST | _FEWEST and said[i - 1:i] != ["at"]), None)
    return None if found is None else found in _FEWEST


def _count_in(question: str) -> Criterion | None:
    """The most (or fewest) of a thing the question asks for, by the word after the superlative; with no
    noun ("who paid the most?") a criterion code cannot read, which still asks for a comparison."""
    found = _COUNTED.search(question)
    if found is None:
        return None
    most, noun = found.group(1).casefold(), (found.group(2) or "").casefold()
    if noun in STOP | _ASKING:
        noun = ""
    label = f"{most} {noun}".strip()  # "most places": "(the most places of the 4 listed)"
    return Criterion("count", most in _FEWEST, label, stem(noun) if noun else "")


def bounded(task: str) -> bool:
    """The task bounds what fits by a price or a time of day ("under $300", "before noon")."""
    return bool(BOUND.search(task) or _TIME_BOUND.search(task))


def comparing(task: str) -> Comparing:
    """The task's bounds, content words, numbers and names, as a comparison reads them."""
    prices = tuple(PriceBound(m.group(1).lower() in _UPPER, number(m.group(2))) for m in BOUND.finditer(task))
    times = tuple(TimeBound(m.group(1).casefold(), limit, _ARRIVING.search(task[: m.start()]) is not None)
                  for m in _TIME_BOUND.finditer(task) if (limit := minutes_of(m.group(2))) is not None)
    limits = {p.limit for p in prices}
    untimed = _TIME_BOUND.sub(" ", task)
    numbers = tuple(w for w in words(untimed) if w.isdigit() and float(w) not in limits)
    months = tuple(MonthBound(_MONTHS.index(m.group(1).casefold()) + 1, int(m.group(2) or 0) or None)
                   for m in _MONTH_BOUND.finditer(task))
    content = frozenset(stems(task, content=True))
    return Comparing(prices, times, content, numbers, _name_runs(task), months)


def _name_runs(task: str) -> tuple[tuple[str, ...], ...]:
    runs: list[list[str]] = []
    after = False
    for i, word in enumerate(words(_PLACEHOLDER.sub(" ", task), keep_case=True)):
        named = i > 0 and word[:1].isupper() and word.casefold() not in _STOP | CALENDAR
        if named and after:
            runs[-1].append(word)
        elif named:
            runs.append([word])
        after = named
    return tuple(tuple(run) for run in runs)


def stems(text: str, content: bool = False) -> set[str]:
    """The text's words stemmed; with `content`, less function words, the words a request asks with and
    the measure's, numbers and words of two letters."""
    said = words(text)
    return {stem(w) for w in said if not content or (w not in _STOP and len(w) > 2 and not w.isdigit())}


def stem(word: str) -> str:
    """"Jackets" → "jacket", "accessories" → "accessory", "shoes" → "shoe"."""
    word = word.casefold()
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_DECIMAL_COMMA = re.compile(r"\d{1,3}(?:\.\d{3})*,\d{1,2}")


def number(text: str) -> float:
    """"1,299.00" and "1.299,00" (a decimal comma) both read 1299.0; "64,90" reads 64.9."""
    if _DECIMAL_COMMA.fullmatch(text):
        return float(text.replace(".", "").replace(",", "."))
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return float(text.replace(",", "").split(".")[0])
