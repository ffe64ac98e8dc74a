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

import functools
import itertools
import re
from dataclasses import dataclass, field

from navwright.agent.grounding import Evidence
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.measure import (
    AMOUNT,
    BOUND,
    Comparing,
    Criterion,
    Measure,
    TimeBound,
    number,
    stem,
    stems,
)
from navwright.agent.task.tokens import NUMBER_WORDS
from navwright.browser.skills.dates import CLOCK, dates_in, minutes_of
from navwright.browser.skills.records import Record, Records

_MONEY = re.compile(rf"(?:[$€£¥]|\b(?:USD|EUR|GBP|CHF)\s)\s?{AMOUNT}|"
                    rf"{AMOUNT}\s?(?:€|\$|£|(?:EUR|USD|GBP|CHF|kr)\b)")
_RATING = re.compile(r"[★☆]+\s*(\d(?:\.\d)?)|(\d(?:\.\d)?)\s*(?:/\s*5|out of 5|stars?)\b|"
                     r"rat(?:ing|ed)\s*:?\s*(\d(?:\.\d)?)", re.I)
_HOURS = re.compile(r"\b(\d{1,2})\s*h(?:ours?|rs?)?\s*(?:(\d{1,2})\s*m(?:in(?:utes?)?)?)?\b", re.I)
_MINUTES = re.compile(r"\b(\d{1,4})\s*min(?:utes?)?\b", re.I)
_WEIGHT = re.compile(rf"{AMOUNT}\s?(kg|g|lbs?|oz)\b", re.I)
_GRAMS = {"kg": 1000.0, "g": 1.0, "lb": 453.6, "lbs": 453.6, "oz": 28.35}
_PRICE_HEADER = re.compile(r"\b(?:price|cost|amount|how much|total|fare|fee|sum)\b", re.I)
"""A table column's header that says its cells are prices ("How much?"), written with no currency."""
_PLAIN_AMOUNT = re.compile(r"\d(?:[\d.,]*\d)?")
_COUNT = rf"({_PLAIN_AMOUNT.pattern}|\b(?:{'|'.join(NUMBER_WORDS)}))"
"""A count as a page writes it: "14", "1,480", "one"."""
_PRICE = Criterion("price", True, "price")
"""A record's price, read for the task's bounds ("under $300") whatever it compares by."""
IN_ORDER = Criterion("order", True, "first listed that fits")
"""An action on any record that fits ("Book a nonstop flight that leaves before noon"): the first one."""
TOP = 3
"""Records quoted in the evidence."""
MAX_PAGES = 5
"""Pages of one list the procedure reads before it leaves the list to the navigator."""
Move = tuple[str, dict[str, str]]


def measure_of(text: str, measure: Measure, noun: str = "") -> float | None:
    """The record's price, rating (out of 5), date (its first: a day number), duration (minutes),
    weight (grams) or count of the `noun` (a number beside it: "30 places", "Places: 30"), or None."""
    if measure == "order":
        return None
    if measure == "count":
        return count_of(text, noun)
    if measure == "price":
        found = _MONEY.search(text)
        return number(found.group(1) or found.group(2)) if found else None
    if measure == "rating":
        found = _RATING.search(text)
        return number(next(g for g in found.groups() if g)) if found else None
    if measure == "date":
        days = dates_in(text)
        return float(days[0][1].toordinal()) if days else None
    if measure == "duration":
        hours = _HOURS.search(text)
        if hours:
            return int(hours.group(1)) * 60 + int(hours.group(2) or 0)
        minutes = _MINUTES.search(text)
        return float(minutes.group(1)) if minutes else None
    found = _WEIGHT.search(text)
    return number(found.group(1)) * _GRAMS[found.group(2).lower()] if found else None


def count_of(text: str, noun: str) -> float | None:
    """The number a text gives beside the noun (any word of the noun's stem): after it ("Places: 30",
    "population 12,400") or before it, with up to two words between ("30 places", "12 free places",
    "one answer"); none of it ("no comments", "nonstop") is 0. Not a share ("places 80 %")."""
    if not noun:
        return None
    none, after, before = _count_patterns(noun)
    if none.search(text):
        return 0.0
    found = after.search(text) or before.search(text)
    if found is None:
        return None
    said = found.group(1).casefold()
    return float(NUMBER_WORDS[said]) if said in NUMBER_WORDS else number(said)


@functools.cache
def _count_patterns(noun: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns of none of the noun, of a count after it and of one before it (made once a noun)."""
    word = rf"{re.escape(noun[:-1] if noun.endswith('y') else noun)}\w*"
    return (re.compile(rf"\b(?:non-?|no\s+){word}", re.I),
            re.compile(rf"\b{word}\s*(?:\([^)]{{0,20}}\))?\s*[:=]?\s*{AMOUNT}(?![\d.,]*\s*%)", re.I),
            re.compile(rf"{_COUNT}\s+(?:[\w-]+\s+){{0,2}}?{word}\b", re.I))


def value_of(record: Record, criterion: Criterion) -> float | None:
    """The record's measure (measure_of its text); else, in a table, the number of the cell whose column
    header names it: a price column ("How much?": "68.95 (17.24 each)"), the counted noun's ("Places")."""
    measure, noun = criterion.measure, criterion.noun
    found = measure_of(record.text, measure, noun)
    if found is not None or measure not in ("price", "count"):
        return found
    cell = next((text for header, text in record.columns.items() if _heads(header, measure, noun)), "")
    amount = _PLAIN_AMOUNT.search(cell)
    return number(amount.group(0)) if amount else None


def _heads(header: str, measure: Measure, noun: str) -> bool:
    """The column header says its cells hold the measure: a price, or the counted noun."""
    return bool(_PRICE_HEADER.search(header)) if measure == "price" else noun in stems(header)


@dataclass
class Ranked:
    criterion: Criterion
    best: Record
    fitting: list[Record]
    """The records that fit the task, best first."""
    words: list[str]
    url: str
    quotes: dict[str, Evidence] = field(default_factory=dict)
    """By a record's text, the line of its item's own page that gave its measure, where the list's
    line did not."""

    @property
    def answer(self) -> str:
        which = f" that mention {', '.join(self.words)}" if self.words else ""
        return f"{self.best.text} (the {self.criterion.label} of the {len(self.fitting)} listed{which})"

    @property
    def evidence(self) -> list[Evidence]:
        return [self.quotes.get(r.text) or Evidence(url=self.url, quote=r.text[:160])
                for r in self.fitting[:TOP]]


def rank(
    intent: TaskIntent, found: Records, page_text: str, url: str, any_fitting: bool = False
) -> Ranked | None:
    """The record that best meets the task's criterion on a list about the task, or None. With
    `any_fitting`, a task with no criterion but a bound takes the first record that fits."""
    criterion = intent.criterion or (IN_ORDER if any_fitting and intent.bounded else None)
    listed = fitting(intent, found, page_text)
    if criterion is None or listed is None:
        return None
    words, records = listed
    if criterion is IN_ORDER:
        return Ranked(criterion, records[0], records, words, url) if records else None
    return best_of(criterion, records, words, url)


def fitting(intent: TaskIntent, found: Records, page_text: str) -> tuple[list[str], list[Record]] | None:
    """The words the task picks records by, and the records of a whole list about the task that fit it
    (its words, price, time and month bounds); None when the list is not about the task or is cut."""
    if len(found.records) < 2 or found.total > len(found.records):
        return None
    wanted = intent.comparing
    if not _about(wanted, found, page_text):
        return None
    words = _setting_apart(wanted, found.records, stems(" ".join([found.title, *found.headings])))
    records = [r for r in found.records if all(_mentions(r.text, w) for w in words)]
    return words, [r for r in records if _within(wanted, r) and _in_time(wanted, r.text)
                   and _in_month(wanted, r.text)]


def best_of(criterion: Criterion, records: list[Record], words: list[str], url: str) -> Ranked | None:
    """The best of the records by the criterion's measure, when two at least show it."""
    measured = [(m, r) for r in records if (m := value_of(r, criterion)) is not None]
    if len(measured) < 2:
        return None
    measured.sort(key=lambda pair: pair[0] if criterion.lowest else -pair[0])  # stable: page order on ties
    ordered = [r for _, r in measured]
    return Ranked(criterion, ordered[0], ordered, words, url)


def with_items(
    criterion: Criterion, records: list[Record], pages: dict[str, tuple[str, list[str]]]
) -> tuple[list[Record], dict[str, Evidence]]:
    """The records whose item page (`pages`: by a record's link id, its address and lines) has a line
    that gives the criterion's measure, each with that line joined to its text; and that line, as the
    evidence of each."""
    out: list[Record] = []
    quotes: dict[str, Evidence] = {}
    for record in records:
        item_url, lines = pages.get(record.id or "", ("", []))
        line = next((ln for ln in lines if measure_of(ln, criterion.measure, criterion.noun) is not None),
                    None)
        if line is None:
            continue
        text = f"{record.text[:120]} · {line[:120]}"
        out.append(record.model_copy(update={"text": text}))
        quotes[text] = Evidence(url=item_url, quote=line[:160])
    return out, quotes


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
        self, intent: TaskIntent, found: Records, page_text: str, url: str, any_fitting: bool = False
    ) -> Ranked | Move | None:
        """The pick when the list is read to its end (or sorted by the task's measure), the move to the
        list's next page when it goes on, else None."""
        ranked = rank(intent, self.gathering.add(found), page_text, url, any_fitting)
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
    values = [v for r in records if (v := value_of(r, criterion)) is not None]
    pairs = list(itertools.pairwise(values))
    return len(values) >= 3 and all(a <= b if criterion.lowest else a >= b for a, b in pairs)


def _about(wanted: Comparing, found: Records, page_text: str) -> bool:
    """The list is about the task: its title or a main heading shares a word with the task, and each
    number and capitalised name of the task is on the page."""
    heading = stems(" ".join([found.title, *found.headings]))
    if not heading & wanted.stems:
        return False
    page = stems(page_text)
    shown = {int(w) for w in page if w.isdigit() and len(w) < 10}
    if not all(int(n) in shown for n in wanted.numbers):
        return False  # "14 December": results for another day are not the answer
    return all(any(_shown(w, page) for w in run) for run in wanted.names)


def _shown(word: str, page: set[str]) -> bool:
    """A name is on the page: as it is, or a page word it begins ("Rome" for "Rome-Fiumicino")."""
    stem_ = stem(word)
    return stem_ in page or any(p.startswith(stem_[:3]) and stem_.startswith(p) for p in page if len(p) >= 3)


def _setting_apart(wanted: Comparing, records: list[Record], listed: set[str]) -> list[str]:
    """The task's words that some records mention and others do not: what the task picks by. Not the
    words the list's title or headings show (`listed`): they name the list or its site ("News -
    Northbrook Community Garden"), which one record may happen to mention ("Building a rain garden")."""
    out = []
    for word in sorted(wanted.stems - listed):
        if BOUND.search(word) or word.isdigit():
            continue
        count = sum(1 for r in records if _mentions(r.text, word))
        if 0 < count < len(records):
            out.append(word)
    return out


def _within(wanted: Comparing, record: Record) -> bool:
    """The record's price keeps to the task's bounds ("under $300")."""
    price = value_of(record, _PRICE)
    for bound in wanted.prices:
        if price is None:
            return False
        if (bound.upper and price > bound.limit) or (not bound.upper and price < bound.limit):
            return False
    return True


def _in_time(wanted: Comparing, text: str) -> bool:
    """The record's time keeps to the task's bounds ("leaves before noon": its first time of day;
    "arrives by 6 pm": its last)."""
    times = [t for m in CLOCK.finditer(text) if (t := minutes_of(m.group(0))) is not None]
    for bound in wanted.times:
        if not times:
            return False
        if not _keeps_to(times[-1] if bound.arriving else times[0], bound):
            return False
    return True


def _in_month(wanted: Comparing, text: str) -> bool:
    """The record's date falls in the month the task names ("in March 2024"; its year, when given)."""
    days = [d for _, d in dates_in(text)]
    return all(any(d.month == b.month and b.year in (None, d.year) for d in days) for b in wanted.months)


def _keeps_to(at: int, bound: TimeBound) -> bool:
    word, limit = bound.word, bound.limit
    if word in {"before", "earlier than"}:
        return at < limit
    if word in {"by", "until", "no later than"}:
        return at <= limit
    return at > limit  # after, later than, no earlier than


def _mentions(text: str, word: str) -> bool:
    return word in stems(text)
