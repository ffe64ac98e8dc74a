"""Grounded answers: every fact of an answer must come from text the run observed.

`Seen` keeps the page text the models read during a run (observations, action results, the planner's
page text), line by line with its URL. `ground(answer, seen, given)` extracts the facts of an answer
(numbers, codes, names, quoted text) and finds each in what was seen. An answer is accepted when every
fact was seen (or was given by the person: the task, the profile, answers to questions), and then
carries its evidence: the URL and the line each fact came from. A fact no page showed is not an answer.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pydantic import BaseModel

from navwright.agent.columns import table_rows
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.said import Said
from navwright.agent.task.tokens import CALENDAR, STOP, numbers_in
from navwright.agent.task.tokens import NUMBER as _NUMBER
from navwright.agent.task.tokens import flat as _flat
from navwright.agent.task.tokens import number_set as _numbers
from navwright.agent.task.tokens import word_set as _words
from navwright.browser.skills.dates import CLOCK, WRITTEN_DATE, dates_in, times_in
from navwright.masking import Mask

CHROME = re.compile(r"©|\(c\)\s*\d{4}|\bcopyright\b|\ball rights reserved\b|\bpowered by\b|"
                    r"\bprivacy (?:policy|notice)\b|\bterms (?:of|and) (?:use|service|conditions)\b",
                    re.IGNORECASE)
"""A line of a page's chrome (its footer): it is about the site, not about what a question asks."""
SITE_WORDS = frozenset({"copyright", "powered", "version", "privacy", "terms", "software", "licence",
                        "license", "built"})
"""Words of a question about the site itself, which its chrome answers ("which version of Trac…")."""
_CODE = re.compile(r"\b(?=[A-Za-z0-9-]*[A-Za-z])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\b")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th|am|pm)", re.IGNORECASE)
_QUOTED = re.compile(r"[\"“”]([^\"“”]{3,80})[\"“”]")
_NAME = re.compile(r"\b[A-Z][a-zà-ÿ]+(?:[ -][A-Z][a-zà-ÿ]+)*\b")
_FILLER = frozenset({"costs", "cost", "answer", "page", "shows", "says", "lines", "according", "information",
                     "provided", "current", "given", "listed", "above"})
"""Words that say nothing of the page: an answer needs more than these to add anything."""
QUOTE_SHARE = 0.7
"""An answer with no fact is a quote when a line seen holds this share of its words."""
_REF = re.compile(r"^\[[\w.]+\]")
_EXAMPLE = re.compile(r"^(?:(?:for example|for instance|example|like|such as)\b|e\.\s?g\.)", re.IGNORECASE)
"""A form's hint ("For example, LF-PP-2026-01234", "e.g. 4821", "Like LF-123-AB"): a sample, not a fact."""
_EXAMPLE_WORDS = 8
_COUNT_LIMIT = 20
"""Whole numbers up to this many are counts a person asks for ("how many unread messages?"): a page
seldom prints them, so they need no quote."""
_SAID_ANYWAY = frozenset({
    "yes", "no", "not", "none", "today", "tomorrow", "yesterday", "total", "price", "cost", "order", "cart",
    "page", "answer", "found", "added", "done", "sent", "booked", "mr", "mrs", "ms", "dr",
})
"""Words any answer may say with no page showing them: yes or no, a day, a title, what was done."""
_COMMON = STOP | CALENDAR | _SAID_ANYWAY


class Evidence(BaseModel):
    """Where a fact of the answer was seen."""

    url: str
    quote: str
    columns: list[str] = []
    """A table row's column headers (agent/columns.py); [] for any other line."""


class Grounding(BaseModel):
    facts: list[str]
    missing: list[str]
    """Facts of the answer that no observed text and nothing the person said contains."""
    evidence: list[Evidence]
    new: list[str] = []
    """Facts a page showed that the person did not give (numbers, codes, quotes, names of two words or
    more): what the answer tells them."""
    chrome: list[str] = []
    """The new facts that only a page's chrome showed ("1.6" of "Powered by Trac 1.6")."""

    @property
    def ok(self) -> bool:
        return not self.missing


@dataclass
class _Line:
    url: str
    text: str
    flat: str
    numbers: frozenset[float]
    words: frozenset[str]
    example: bool = False
    """A hint showing a sample value: its facts ground nothing (an application number "for example")."""
    chrome: bool = False
    """A line of the page's chrome ("Powered by Trac 1.6"): a fact found only there is about the site."""

    @property
    def days(self) -> set[dt.date]:
        return {day for _, day in dates_in(self.text)}

    @property
    def times(self) -> set[int]:
        return {minutes for _, minutes in times_in(self.text)}


@dataclass
class Seen:
    """The text the run's models read, line by line, with the URL it was on: masked as the models read
    it (a secret is `{{NAME}}`), so that an answer is grounded in the words its model saw."""

    mask: Mask | None = None
    """The run's secret masker (navwright.masking), applied to all that is added."""
    lines: list[_Line] = field(default_factory=list)
    _known: set[tuple[str, str]] = field(default_factory=set)
    _typed: dict[str, int] = field(default_factory=dict)
    """What the run typed into pages (flat) -> how many lines were seen before it was typed."""
    _columns: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    """(URL, table row line) -> the header row above it on that page (agent/columns.py)."""

    def typed(self, value: str) -> None:
        """Note text the run typed: a page that echoes it (a field's value, "typed 'X'") shows the run's
        own words, so it grounds no fact of it; only lines seen before it was typed do."""
        flat = _flat(self.mask(value) if self.mask else value)
        if flat:
            self._typed.setdefault(flat, len(self.lines))

    def _before_typed(self, fact: str) -> list[_Line]:
        """The lines that may ground `fact`: all, or those seen before the run typed it."""
        flat = _flat(fact)
        at = [n for value, n in self._typed.items() if flat and len(flat) >= 2 and flat in value]
        return self.lines[: min(at)] if at else self.lines

    def add(self, url: str, text: str) -> None:
        lines = [raw.strip() for raw in (self.mask(text) if self.mask else text).splitlines()]
        rows = table_rows(lines)  # header rows are read again on lines already known
        for i, line in enumerate(lines):
            if len(line) < 2 or (url, line) in self._known:
                continue
            self._known.add((url, line))
            bare = _REF.sub("", line, count=1)  # an element's id ("[42] button") is no fact of the page
            example = _EXAMPLE.match(bare.strip()) is not None and len(bare.split()) <= _EXAMPLE_WORDS
            chrome = CHROME.search(bare) is not None
            if i in rows:
                self._columns[(url, line)] = rows[i]
            self.lines.append(_Line(url, line, _flat(bare), _numbers(bare), _words(bare), example, chrome))

    def find(self, fact: str, content: bool = False) -> _Line | None:
        """The latest line that shows `fact`; with `content`, one that is not the page's chrome."""
        return next(self.showing(fact, content), None)

    def showing(self, fact: str, content: bool = False) -> Iterator[_Line]:
        """The lines that show `fact`, the latest first (the answer is usually on the latest page);
        with `content`, those that are not the page's chrome."""
        lines = [ln for ln in self._before_typed(fact) if not ln.example and not (content and ln.chrome)]
        day = date_of(fact)
        clock = times_in(fact) if day is None else []
        numbers = _numbers(fact) if _NUMBER.fullmatch(fact.replace("$", "").strip()) else frozenset()
        flat = _flat(fact)
        for line in reversed(lines):
            if day is not None:  # the same day, written any way ("2026-11-23", "23 Nov 2026")
                shows = day in line.days
            elif len(clock) == 1 and clock[0][0] == fact.strip():  # the same time, "06:50" or "6:50 am"
                shows = clock[0][1] in line.times
            else:
                shows = numbers <= line.numbers if numbers else bool(flat) and flat in line.flat
            if shows:
                yield line

    def shows(self, value: str, strip: re.Pattern[str] | None = None) -> bool:
        """A page showed `value` (letters and digits as written) before the run typed it, on a line that
        is no sample; `strip`: parts of lines that do not count (a field's hint)."""
        flat = _flat(self.mask(value) if self.mask else value)
        lines = [line for line in self._before_typed(value) if not line.example]
        return bool(flat) and any(flat in (_flat(strip.sub(" ", ln.text)) if strip else ln.flat)
                                  for ln in lines)

    def lines_by_page(self) -> dict[str, set[str]]:
        """The lines each page (URL) showed, without an element's reference ("[12] link …")."""
        pages: dict[str, set[str]] = {}
        for line in self.lines:
            pages.setdefault(line.url, set()).add(_REF.sub("", line.text, count=1).strip())
        return pages

    def figures_by_page(self) -> dict[str, list[_Line]]:
        """The lines with numbers each page (URL) showed, its chrome left out."""
        pages: dict[str, list[_Line]] = {}
        for line in self.lines:
            if line.numbers and not line.chrome:
                pages.setdefault(line.url, []).append(line)
        return pages

    def quote_found(self, quote: str, share: float = 0.7) -> _Line | None:
        """The line that holds most of the words of `quote` (`share` of them at least), the latest first."""
        words = _words(quote) - _COMMON
        if not words:
            return None
        flat = _flat(quote)
        typed = [n for value, n in self._typed.items() if len(value) >= 2 and value in flat]
        lines = self.lines[: min(typed)] if typed else self.lines  # not a line echoing what the run typed
        lines = [line for line in lines if not line.example]
        best = max(reversed(lines), key=lambda line: len(words & line.words), default=None)
        if best is None or len(words & best.words) < max(1, round(share * len(words))):
            return None
        return best

    def evidence(self, line: _Line, fact: str = "") -> Evidence:
        """The line as evidence; a long line is quoted around the fact it holds."""
        return Evidence(url=line.url, quote=_around(line.text, fact))

    def with_columns(self, evidence: Evidence) -> Evidence:
        """The evidence with its column headers when it quotes a whole table row seen under a header
        row."""
        header = self._columns.get((evidence.url, evidence.quote.strip()))
        return evidence.model_copy(update={"columns": list(header)}) if header else evidence


_COUNT_WORD = re.compile(r"\b(?:none|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                         r"noon|midnight|once|twice|free)\b", re.IGNORECASE)


def lacks_number(answer: str, intent: TaskIntent) -> bool:
    """The request asks for a number (a price, a time, a count: "how many…", "what is the population…")
    and the answer gives none: "There were no results" answers no such question."""
    counted = _COUNT_WORD.search(answer) is not None
    return intent.wants_number and not numbers_in(answer) and date_of(answer) is None \
        and not counted


def restates(answer: str, said: Said, share: float = 0.9) -> bool:
    """True when the answer only repeats what the person said: `share` of its words (four at least) are
    theirs ("What is the booking reference?" given back as its answer); a shorter answer when all its
    words are, unless they ask yes or no or offer a choice ("The postcode is missing." for "my postcode
    is 4862. What is missing?"; but "It is in stock" answers "Is the shell in stock?")."""
    words = _words(answer) - _COMMON - _FILLER
    if len(words) < 4:  # "You are not signed in" says what "Tell me who is signed in" did not
        negated = bool(_words(answer) & _NEGATION)
        return bool(words) and words <= said.words and not negated and not said.yes_no
    return len(words & said.words) >= share * len(words)


_NEGATION = frozenset({"not", "no", "none", "never", "nothing", "nobody", "t"})


def answering_line(said: Said, lines: str) -> str | None:
    """The one line that holds every word of the person's question and tells more than they said
    ("Status: On hold - proof of address missing: upload a recent utility bill" for "What is
    missing?"), else None."""
    wanted = said.question - _COMMON - _FILLER
    if not wanted:
        return None
    hits = [line.strip() for line in lines.splitlines()
            if wanted <= _words(line) and len(_words(line) - said.words - _COMMON) >= 2]
    return hits[0] if len(hits) == 1 else None


def adds_to(answer: str, said: Said, seen: Seen) -> bool:
    """True when the answer carries something the person did not say and a page showed: a number, code,
    name or word of the answer that they did not write and is on a line seen. An answer made of their
    own words ("The booking reference from Nordline Rail") tells them nothing."""
    new_numbers = _numbers(answer) - said.numbers
    new_words = _words(answer) - _COMMON - said.words - _FILLER
    return any(new_numbers & line.numbers or new_words & line.words for line in seen.lines)


def facts_of(answer: str) -> list[str]:
    """The checkable facts of an answer: numbers, codes, quoted text and capitalised names."""
    facts = [written for written, _ in dates_in(answer)]  # a date is one fact, not three numbers
    answer = WRITTEN_DATE.sub(" ", answer)
    facts += [written for written, _ in times_in(answer)]  # so is a time of day ("10:00 AM")
    answer = CLOCK.sub(" ", answer)
    codes = [m.group(0) for m in _CODE.finditer(answer) if not _ORDINAL.fullmatch(m.group(0))]
    facts.extend(codes)
    rest = _CODE.sub(" ", answer)
    for match in _NUMBER.finditer(rest):
        value = match.group(0)
        if "." in value or "," in value or float(value) > _COUNT_LIMIT:
            facts.append(value)
    facts.extend(m.group(1).strip() for m in _QUOTED.finditer(answer))
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n", _QUOTED.sub(" ", rest)):
        for match in _NAME.finditer(sentence):
            name = match.group(0)
            first = match.start() == len(sentence) - len(sentence.lstrip())
            words = [w for w in re.split(r"[ -]", name) if w.lower() not in _COMMON]
            if first and len(words) < 2:
                continue  # "Shipping is free": a sentence's first word is capitalised anyway
            if words:
                facts.append(" ".join(words))
    return list(dict.fromkeys(facts))


def ground(answer: str, seen: Seen, given: str = "") -> Grounding:
    """Find each fact of `answer` in what was seen; facts in `given` (the person's words) need no quote."""
    given_flat, given_numbers = _flat(given), _numbers(given)
    given_days = {day for _, day in dates_in(given)}
    facts = facts_of(answer)
    missing: list[str] = []
    new: list[str] = []
    chrome: list[str] = []
    evidence: dict[tuple[str, str], Evidence] = {}
    quoted = {m.group(1).strip() for m in _QUOTED.finditer(answer)}
    pick = _fullest(facts, seen)
    for fact in facts:
        line = pick(fact, False)
        if line is None and fact in quoted:  # a quote may be rewrapped or carry a ref ("Sign in #6")
            line = seen.quote_found(fact)
        given_fact = _given(fact, given_flat, given_numbers, given_days)
        if line is not None and line.chrome:  # the same fact in the page's content is the better quote
            line = pick(fact, True) or line
        if line is not None:
            evidence.setdefault((line.url, line.text), seen.evidence(line, fact))
            if not given_fact and (" " in fact or fact in quoted or any(ch.isdigit() for ch in fact)):
                new.append(fact)  # a number, a code, a quote or a full name; one capitalised word is
                # as often a button's label ("Start", "Refresh") as an answer
                if line.chrome:
                    chrome.append(fact)
        elif not given_fact:
            missing.append(fact)
    return Grounding(facts=facts, missing=missing, evidence=list(evidence.values())[:4], new=new,
                     chrome=chrome)


def _fullest(facts: list[str], seen: Seen) -> Callable[[str, bool], _Line | None]:
    """For a fact, the line that shows it and most of the answer's other facts, the latest of those
    (the electricity bill's "72.15" and "2024" on its own row, not "2024" on another month's): the
    fewest lines quoted, each holding what it is quoted for."""
    shown = {fact: list(seen.showing(fact)) for fact in facts}
    held: dict[int, int] = {}
    for lines in shown.values():
        for line_id in {id(line) for line in lines}:
            held[line_id] = held.get(line_id, 0) + 1

    def pick(fact: str, content: bool) -> _Line | None:
        lines = [line for line in shown[fact] if not (content and line.chrome)]
        return max(lines, key=lambda line: held.get(id(line), 0), default=None)

    return pick


def informs(answer: str, grounding: Grounding, said: Said, seen: Seen) -> Evidence | None:
    """Where the answer tells the person something they did not say: the line of a fact a page showed
    that they did not give, else the line it quotes (most of its words; "You are not signed in", or all
    the words it adds to the request: "The Cascade Rain Shell is out of stock"), unless
    it only restates the request; None for the question given back ("What is missing?") or "the
    population of Pelin is not mentioned"."""
    if grounding.new and grounding.evidence:
        return grounding.evidence[0]
    if answer.rstrip().endswith("?"):
        return None  # a question asked back ("What is missing?") answers nothing
    line = seen.quote_found(answer, share=QUOTE_SHARE)
    new = _words(answer) - _COMMON - _FILLER - said.words
    if line is None and new:  # what it says beyond the request, all on one line ("out of stock")
        line = seen.quote_found(" ".join(sorted(new)), share=1.0)
    if line is None or (restates(answer, said) and not adds_to(answer, said, seen)):
        return None
    return seen.evidence(line)


def date_of(fact: str) -> dt.date | None:
    """The day a fact is, when it is a date written with its year."""
    found = dates_in(fact)
    return found[0][1] if len(found) == 1 and found[0][0] == fact.strip() else None


def _given(fact: str, flat: str, numbers: frozenset[float], days: set[dt.date]) -> bool:
    day = date_of(fact)
    if day is not None:
        return day in days
    if _NUMBER.fullmatch(fact):
        return _numbers(fact) <= numbers
    return bool(_flat(fact)) and _flat(fact) in flat


def _position(text: str, fact: str) -> int:
    """Where `text` shows `fact` (a number by its value, else its first word), 0 when unsure."""
    if _NUMBER.fullmatch(fact):
        value = float(fact.replace(",", ""))
        places = (m.start() for m in _NUMBER.finditer(text) if float(m.group(0).replace(",", "")) == value)
        return next(places, 0)
    words = fact.split()
    found = text.lower().find(words[0].lower()) if words else -1
    return max(found, 0)


def _around(text: str, fact: str, limit: int = 160) -> str:
    """At most `limit` characters of `text`, centred on the first place that shows `fact`."""
    if len(text) <= limit:
        return text
    at = _position(text, fact)
    start = max(0, at - limit // 3)
    start = min(start, len(text) - limit)
    return ("…" if start else "") + text[start : start + limit - 1].strip() + "…"
