"""The compare procedure: what a person does when asked for the cheapest, the best rated or the quickest
of something. On a page that lists the things asked about, keep the records that fit the question
(the words that set some records apart: "Kestrel", "nonstop"; a price bound: "under $300"), read the
measure off each (its price, rating, duration or weight), and take the best. Code does the reading and
the ordering, with no model decision; the navigator's work is to reach the list.

It answers only on a page that is about the question: the page's title or a main heading shares a word
with it, every name in the question appears on the page, and at least two records fit and show the
measure. Otherwise it says nothing and the navigator goes on.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Literal

from navwright.agent.grounding import Evidence
from navwright.agent.task.tokens import CALENDAR, STOP, words
from navwright.browser.skills.dates import CLOCK, dates_in, minutes_of
from navwright.browser.skills.records import Record, Records

Measure = Literal["price", "rating", "duration", "weight", "order"]


@dataclass(frozen=True)
class Criterion:
    measure: Measure
    lowest: bool
    label: str
    """How the answer names it: "lowest price"."""


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
]
_AMOUNT = r"(\d(?:[\d.,]*\d)?)"
_MONEY = re.compile(rf"(?:[$€£¥]|\b(?:USD|EUR|GBP|CHF)\s)\s?{_AMOUNT}|"
                    rf"{_AMOUNT}\s?(?:€|\$|£|(?:EUR|USD|GBP|CHF|kr)\b)")
_RATING = re.compile(r"[★☆]+\s*(\d(?:\.\d)?)|(\d(?:\.\d)?)\s*(?:/\s*5|out of 5|stars?)\b|"
                     r"rat(?:ing|ed)\s*:?\s*(\d(?:\.\d)?)", re.I)
_HOURS = re.compile(r"\b(\d{1,2})\s*h(?:ours?|rs?)?\s*(?:(\d{1,2})\s*m(?:in(?:utes?)?)?)?\b", re.I)
_MINUTES = re.compile(r"\b(\d{1,4})\s*min(?:utes?)?\b", re.I)
_WEIGHT = re.compile(rf"{_AMOUNT}\s?(kg|g|lbs?|oz)\b", re.I)
_GRAMS = {"kg": 1000.0, "g": 1.0, "lb": 453.6, "lbs": 453.6, "oz": 28.35}
_BOUND = re.compile(rf"\b(under|below|less than|cheaper than|at most|up to|max(?:imum)?|over|above|"
                    rf"more than|at least|min(?:imum)?)\s+[$€£]?\s?{_AMOUNT}", re.I)
_UPPER = frozenset({"under", "below", "less than", "cheaper than", "at most", "up to", "max", "maximum"})
_CLOCK = r"(?:noon|midday|midnight|\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)"
_TIME_BOUND = re.compile(rf"\b(before|after|until|by|earlier than|later than|no later than|no earlier than)"
                         rf"\s+({_CLOCK})(?!\w)", re.I)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH_BOUND = re.compile(rf"\b(?:in|during)\s+({'|'.join(_MONTHS)})(?:\s+(\d{{4}}))?\b", re.I)
"""A month the records must fall in ("the most expensive bill in March 2024")."""
_PRICE_HEADER = re.compile(r"\b(?:price|cost|amount|how much|total|fare|fee|sum)\b", re.I)
"""A table column's header that says its cells are prices ("How much?"), written with no currency."""
_PLAIN_AMOUNT = re.compile(r"\d(?:[\d.,]*\d)?")
_PLACEHOLDER = re.compile(r"\{\{[^}]*\}\}")
"""A secret's placeholder a task names ("{{IHM_PASSWORD}}"): no name a page shows."""
_ARRIVING = re.compile(r"\b(?:arriv\w*|lands?|landing|gets? (?:in|there))\b[^.,;]{0,25}$", re.I)
IN_ORDER = Criterion("order", True, "first listed that fits")
"""An action on any record that fits ("Book a nonstop flight that leaves before noon"): the first one."""
_ASKING = frozenset({
    "tell", "please", "show", "find", "give", "want", "need", "also", "any", "all", "some", "just", "only",
    "one", "ones", "item", "items", "thing", "things", "list", "listed", "page", "site",
})
"""Words a request asks with ("please show me all the items"), not what it is about."""
_MEASURING = frozenset({
    "under", "below", "over", "above", "less", "more", "least", "most", "best", "top", "highest", "lowest",
    "cheap", "cheaper", "cheapest", "expensive", "priciest", "price", "priced", "rating", "rated", "rate",
    "customer", "customers", "review", "reviews", "reviewed", "quick", "quickest", "fast", "fastest",
    "short", "shortest", "light", "lightest", "heavy", "heaviest",
})
"""Words of the measure and its bounds ("the cheapest … under $300"): the criterion, not the things."""
_STOP = STOP | _ASKING | _MEASURING
TOP = 3
"""Records quoted in the evidence."""
MAX_PAGES = 5
"""Pages of one list the procedure reads before it leaves the list to the navigator."""
Move = tuple[str, dict[str, str]]


def criterion_in(task: str) -> Criterion | None:
    """The measure the task asks to compare by, or None when it names none code can read."""
    return next((criterion for pattern, criterion in _CRITERIA if pattern.search(task)), None)


def bounded(task: str) -> bool:
    """The task bounds what fits by a price or a time of day ("under $300", "before noon")."""
    return bool(_BOUND.search(task) or _TIME_BOUND.search(task))


def measure_of(text: str, measure: Measure) -> float | None:
    """The record's price, rating (out of 5), duration (minutes) or weight (grams), or None."""
    if measure == "order":
        return None
    if measure == "price":
        found = _MONEY.search(text)
        return _number(found.group(1) or found.group(2)) if found else None
    if measure == "rating":
        found = _RATING.search(text)
        return _number(next(g for g in found.groups() if g)) if found else None
    if measure == "duration":
        hours = _HOURS.search(text)
        if hours:
            return int(hours.group(1)) * 60 + int(hours.group(2) or 0)
        minutes = _MINUTES.search(text)
        return float(minutes.group(1)) if minutes else None
    found = _WEIGHT.search(text)
    return _number(found.group(1)) * _GRAMS[found.group(2).lower()] if found else None


def value_of(record: Record, measure: Measure) -> float | None:
    """The record's measure (measure_of its text); a price with no currency sign is read in the cell
    of a table's price column ("How much?": "68.95 (17.24 each)")."""
    found = measure_of(record.text, measure)
    if found is not None or measure != "price":
        return found
    cell = next((text for header, text in record.columns.items() if _PRICE_HEADER.search(header)), "")
    amount = _PLAIN_AMOUNT.search(cell)
    return _number(amount.group(0)) if amount else None


@dataclass
class Ranked:
    criterion: Criterion
    best: Record
    fitting: list[Record]
    """The records that fit the task, best first."""
    words: list[str]
    url: str

    @property
    def answer(self) -> str:
        which = f" that mention {', '.join(self.words)}" if self.words else ""
        return f"{self.best.text} (the {self.criterion.label} of the {len(self.fitting)} listed{which})"

    @property
    def evidence(self) -> list[Evidence]:
        return [Evidence(url=self.url, quote=r.text[:160]) for r in self.fitting[:TOP]]


def rank(task: str, found: Records, page_text: str, url: str, any_fitting: bool = False) -> Ranked | None:
    """The record that best meets the task's criterion on a list about the task, or None. With
    `any_fitting`, a task with no criterion but a bound takes the first record that fits."""
    criterion = criterion_in(task) or (IN_ORDER if any_fitting and bounded(task) else None)
    if criterion is None or len(found.records) < 2 or found.total > len(found.records):
        return None
    if not _about(task, found, page_text):
        return None
    words = _setting_apart(task, found.records)
    fitting = [r for r in found.records if all(_mentions(r.text, w) for w in words)]
    fitting = [r for r in fitting if _within(task, r) and _in_time(task, r.text) and _in_month(task, r.text)]
    if criterion is IN_ORDER:
        return Ranked(criterion, fitting[0], fitting, words, url) if fitting else None
    measured = [(m, r) for r in fitting if (m := value_of(r, criterion.measure)) is not None]
    if len(measured) < 2:
        return None
    measured.sort(key=lambda pair: pair[0] if criterion.lowest else -pair[0])  # stable: page order on ties
    ordered = [r for _, r in measured]
    return Ranked(criterion, ordered[0], ordered, words, url)


@dataclass
class Gathering:
    """The records of one list read so far, over its pages (a list is known by its page title)."""

    title: str = ""
    records: list[Record] = field(default_factory=list)
    pages: int = 0
    went_on: set[str] = field(default_factory=set)
    """The URLs the procedure moved on from (to their next page)."""

    def add(self, found: Records) -> Records:
        """This page's records joined to the pages before it of the same list."""
        if found.title != self.title:
            self.title, self.records, self.pages = found.title, [], 0
        known = {r.text for r in self.records}
        self.records += [r for r in found.records if r.text not in known]
        self.pages += 1
        return found.model_copy(update={"records": list(self.records)})


@dataclass
class Comparison:
    """Where the compare procedure stands in one step: the pages it read and the moves it made."""

    gathering: Gathering = field(default_factory=Gathering)

    def next(
        self, task: str, found: Records, page_text: str, url: str, any_fitting: bool = False
    ) -> Ranked | Move | None:
        """The pick when the list is read to its end (or sorted by the task's measure), the move to the
        list's next page when it goes on, else None."""
        ranked = rank(task, self.gathering.add(found), page_text, url, any_fitting)
        if ranked is None:
            return None
        if not found.more or ranked.criterion is IN_ORDER or sorted_by(ranked.criterion, found.records):
            return ranked
        if self.gathering.pages >= MAX_PAGES or url in self.gathering.went_on:
            return None
        self.gathering.went_on.add(url)
        return "next_page", {}


def sorted_by(criterion: Criterion, records: list[Record]) -> bool:
    """The page lists its records in the task's order (cheapest first...), so its first fitting record
    beats those on the pages after it: three measured records at least, none out of order."""
    values = [v for r in records if (v := value_of(r, criterion.measure)) is not None]
    pairs = list(itertools.pairwise(values))
    return len(values) >= 3 and all(a <= b if criterion.lowest else a >= b for a, b in pairs)


def _about(task: str, found: Records, page_text: str) -> bool:
    """The list is about the task: its title or a main heading shares a word with the task, and each
    number and capitalised name of the task is on the page."""
    heading = _stems(" ".join([found.title, *found.headings]))
    if not heading & _stems(task, content=True):
        return False
    page = _stems(page_text)
    bounds = {_number(m.group(2)) for m in _BOUND.finditer(task)}
    untimed = _TIME_BOUND.sub(" ", task)
    numbers = [w for w in words(untimed) if w.isdigit() and float(w) not in bounds]
    shown = {int(w) for w in page if w.isdigit() and len(w) < 10}
    if not all(int(n) in shown for n in numbers):
        return False  # "14 December": results for another day are not the answer
    return all(any(_shown(w, page) for w in run) for run in _name_runs(task))


def _name_runs(task: str) -> list[list[str]]:
    """The task's names, capitalised words run together ("London Heathrow", "Zurich"), not its first."""
    runs: list[list[str]] = []
    after = False
    for i, word in enumerate(words(_PLACEHOLDER.sub(" ", task), keep_case=True)):
        named = i > 0 and word[:1].isupper() and word.casefold() not in _STOP | CALENDAR
        if named and after:
            runs[-1].append(word)
        elif named:
            runs.append([word])
        after = named
    return runs


def _shown(word: str, page: set[str]) -> bool:
    """A name is on the page: as it is, or a page word it begins ("Rome" for "Rome-Fiumicino")."""
    stem = _stem(word)
    return stem in page or any(p.startswith(stem[:3]) and stem.startswith(p) for p in page if len(p) >= 3)


def _setting_apart(task: str, records: list[Record]) -> list[str]:
    """The task's words that some records mention and others do not: what the task picks by."""
    out = []
    for word in sorted(_stems(task, content=True)):
        if _BOUND.search(word) or word.isdigit():
            continue
        count = sum(1 for r in records if _mentions(r.text, word))
        if 0 < count < len(records):
            out.append(word)
    return out


def _within(task: str, record: Record) -> bool:
    """The record's price keeps to the task's bounds ("under $300")."""
    price = value_of(record, "price")
    for match in _BOUND.finditer(task):
        limit = _number(match.group(2))
        if price is None:
            return False
        upper = match.group(1).lower() in _UPPER
        if (upper and price > limit) or (not upper and price < limit):
            return False
    return True


def _in_time(task: str, text: str) -> bool:
    """The record's time keeps to the task's bounds ("leaves before noon": its first time of day;
    "arrives by 6 pm": its last)."""
    times = [t for m in CLOCK.finditer(text) if (t := minutes_of(m.group(0))) is not None]
    for match in _TIME_BOUND.finditer(task):
        limit = minutes_of(match.group(2))
        if limit is None:
            continue
        if not times:
            return False
        at = times[-1] if _ARRIVING.search(task[: match.start()]) else times[0]
        if not _keeps_to(at, match.group(1).casefold(), limit):
            return False
    return True


def _in_month(task: str, text: str) -> bool:
    """The record's date falls in the month the task names ("in March 2024"; its year, when given)."""
    for match in _MONTH_BOUND.finditer(task):
        month = _MONTHS.index(match.group(1).casefold()) + 1
        year = int(match.group(2)) if match.group(2) else None
        if not any(d.month == month and (year is None or d.year == year) for _, d in dates_in(text)):
            return False
    return True


def _keeps_to(at: int, word: str, limit: int) -> bool:
    if word in {"before", "earlier than"}:
        return at < limit
    if word in {"by", "until", "no later than"}:
        return at <= limit
    return at > limit  # after, later than, no earlier than


def _mentions(text: str, stem: str) -> bool:
    return stem in _stems(text)


def _stems(text: str, content: bool = False) -> set[str]:
    said = words(text)
    return {_stem(w) for w in said if not content or (w not in _STOP and len(w) > 2 and not w.isdigit())}


def _stem(word: str) -> str:
    """"Jackets" → "jacket", "accessories" → "accessory", "shoes" → "shoe"."""
    word = word.casefold()
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_DECIMAL_COMMA = re.compile(r"\d{1,3}(?:\.\d{3})*,\d{1,2}")


def _number(text: str) -> float:
    """"1,299.00" and "1.299,00" (a decimal comma) both read 1299.0; "64,90" reads 64.9."""
    if _DECIMAL_COMMA.fullmatch(text):
        return float(text.replace(".", "").replace(",", "."))
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return float(text.replace(",", "").split(".")[0])
