"""What a task is, decided by code once: does it only ask, does it act, what does it count, may it commit
more than once, and what it names, gives and bounds. The procedures, the guards of actions and the
verdict of a run read this, not the raw text; the run's control parses it once per text of the task."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from navwright.agent.task.asks import (
    Quantity,
    asked_of,
    asked_quantity,
    asks_byline,
    asks_difference,
    asks_total,
    content_stems,
    wants_number,
    wants_time,
    who_asked,
)
from navwright.agent.task.edits import set_values
from navwright.agent.task.login import Login, login_in, without_login
from navwright.agent.task.measure import Comparing, Criterion, bounded, comparing, criterion_in
from navwright.agent.task.names import (
    SEVERAL,
    codes_in,
    given_text,
    makes_new,
    named_in,
    names_all,
    own_names,
    reference_in,
)
from navwright.agent.task.parts import parts_of
from navwright.agent.task.said import Said, said_in
from navwright.agent.task.tokens import NUMBER_WORDS, joined, letters, words
from navwright.agent.task.words import (
    ACTING,
    ASKING,
    CHANGING,
    COMMITTING,
    EDITING,
    FAMILIES,
    PURCHASE,
    acting_missing,
    asks_change,
    commands,
    commit_missing,
    tries_controls,
    works_controls,
)
from navwright.browser.skills.dates import dates_in

_HOW_MANY = re.compile(r"\bhow many\s+((?:[a-z-]+\s+){0,3}?[a-z-]+?)(?=\s+(?:are|is|were|was|do|does|did|"
                       r"have|has|had|can|will|in|on|at|of|for|with|from|there)\b|\s*[?.!,;:(\[]|$)")
_HOW_MANY_AT_ALL = re.compile(r"\bhow many\s+((?:[a-z-]+\s+)?[a-z-]+)")
"""The first words after "how many", where what it counts ends in no word `_HOW_MANY` knows."""
_SEVERAL = re.compile(r"\b(?:all|both|each|every|two|three|four|five|six|seven|eight|nine|ten|several|"
                      r"these|those)\b")
_ASK_ENDINGS = ("and tell", "and give", "and report", "and show", "and let", "and say", "and find")
_CODE = re.compile(r"#\d+|\b(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{3,}[A-Z0-9]\b")
"""A record's code as a task writes it: "#26", "MCPKL", "NV-2026-0042"."""
_NUMBER_WORDS = {word: n for word, n in NUMBER_WORDS.items() if n >= 2}
_COUNT = rf"(\d{{1,2}}|{'|'.join(_NUMBER_WORDS)})"
_TIME_UNITS = r"(?:nights?|days?|weeks?|months?|years?|hours?|minutes?|mins?|am|pm|o'clock|percent|%|stars?)"
_AMOUNT = re.compile(rf"\b(?:buy|order|book|reserve|purchase|add(?=[^.;!?]*\b(?:cart|basket|bag)\b))\s+"
                     rf"(?:me\s+|us\s+)?{_COUNT}\s+"
                     rf"(?!{_TIME_UNITS}(?![\w-]))((?:[a-z-]+\s+){{0,2}}?[a-z-]+)"
                     r"(?=\s+(?:of|for|in|to|at|from|with|on|and|by)\b|\s*[,.;!?]|\s*$)")
"""A number of things bought, ordered or booked: "buy 2 pairs of …", "book three tickets", "add 4 mugs to
my cart" (not "add 2 members": a number of records to create is no quantity)."""
_PARTY = r"(people|persons|guests|adults|passengers|travell?ers|of us)"
_FOR_PEOPLE = re.compile(rf"\bfor\s+{_COUNT}(?:\s+{_PARTY}\b|"
                         r"(?=\s*(?:$|[,.;!?]|\s(?:at|on|in|from|tonight|tomorrow|next)\b)))")
"""A party's size: "a table for two at 8", "for 3 adults"."""


@dataclass(frozen=True)
class Amount:
    """How many of a thing a task orders or books, when more than one ("2 pairs", "a table for four")."""

    count: int
    unit: str
    """The thing counted as the task names it ("pairs", "tickets"; "people" for a party's size)."""


@dataclass(frozen=True)
class TaskIntent:
    """The task as typed facts, parsed once (`parse`)."""

    text: str
    asks: bool
    """It asks for information (a question mark, "what", "tell me"…)."""
    acts: bool
    """It commands a change or a commitment, or work on the page's controls and asks nothing ("Log in
    to … . How much was …?" only asks: signing in is the way to the answer)."""
    counted: tuple[str, ...] = ()
    """The words of what a "how many" question counts ("unread emails")."""
    several: bool = False
    """It asks for more than one record to be committed ("cancel both", "delete all", "X and Y")."""
    codes: frozenset[str] = frozenset()
    """The codes of the records it names ("order MCPKL", "ticket #26")."""
    commits: bool = False
    """It commands a commitment: to order, book, pay, send or delete (agent/policy.py)."""
    changes: bool = False
    """It commands a change of what the site holds ("mark order MCPKL as paid", "close ticket #14",
    "add a bill") or a commitment: working the page's controls alone ("click", "open") is none."""
    criterion: Criterion | None = None
    """The measure it asks to compare by ("the cheapest", "best rated"), when code can read one."""
    bounded: bool = False
    """It bounds what fits by a price or a time of day ("under $300", "before noon")."""
    comparing: Comparing = field(default_factory=Comparing)
    """Its bounds, content words, numbers and names, as a comparison of records reads them."""
    amount: Amount | None = None
    """How many it orders or books, when more than one: the quantity an action must set."""
    orders: bool = False
    """It commands a purchase or a booking ("buy", "order", "book", "reserve"...): a flow that ends on
    a page saying it went through, not on one still asking for details."""

    letter_runs: tuple[str, ...] = ()
    """Its runs of letters as written (see `letters`)."""
    joined: str = ""
    """Its words, case-folded, one space between them (tokens.joined)."""
    parts: tuple[str, ...] = ()
    """Its commands in order ("Expand the section below", "click submit"); one when it is one."""
    reference: str | None = None
    """The booking, order or application reference it gives ("booking reference QX7P2L")."""
    code_keys: tuple[str, ...] = ()
    """The codes of flights, models or orders it names ("SW 488"), spaces and dashes left out, folded."""
    named: frozenset[str] = frozenset()
    """Its names and numbers, lower-cased ("@kelly", "#12", "Bulky"): what tells records apart."""
    several_named: bool = False
    """It asks about two named things at once ("… does Vellmar have than Pelin?")."""
    makes_new: bool = False
    """It makes a new record ("File a new defect", "Add a bill")."""
    sets: tuple[str, ...] = ()
    """The new values its change sets ("45.60" of "change its amount to 45.60": task/edits.py)."""
    edits: bool = False
    """It changes what a record it names already holds ("The water bill of 21 March was entered wrong:
    change its amount to 45.60")."""
    buys: bool = False
    """It commands a purchase through a cart ("buy", "order", "check out")."""
    tries: bool = False
    """It tells to work the page's controls and asks no question (words.tries_controls)."""
    login: Login | None = None
    """The account and the secret it gives to sign in with (agent/task/login.py)."""
    wants_number: bool = False
    """It asks for a number: a price, a time, a count (agent/task/asks.py)."""
    wants_time: bool = False
    """It asks when: a date, a day, a time (agent/task/asks.py)."""
    totals: bool = False
    """It asks what several records come to ("How much has Chloe paid in all?"): a sum, which one of
    its parts does not answer (agent/task/asks.py)."""
    asks_difference: bool = False
    """It asks how much two quantities differ ("how many more … than …")."""
    known_action: bool = False
    """It commands a change, a commitment or the page's controls and asks nothing: an action, known
    with no model call (words.asks_change, words.works_controls)."""
    works: bool = False
    """It commands working the page and asks nothing: a finish with no action does not do it
    (words.acting_missing)."""
    given: tuple[str, ...] = ()
    """The text it gives to type or send: what it quotes, a message's words after a colon
    (names.given_text)."""
    own: frozenset[str] = frozenset()
    """The names it gives as contact details ("from Jonas Weber, jonas.weber@example.org", "my name is
    Ana Ruiz"): values to fill in, not things to look up (names.own_names)."""
    asked_of: frozenset[str] = frozenset()
    """What a question asks of the thing it names, as stems ("own" of "Who owns ticket #14?"); none when
    it asks two things (agent/task/asks.py)."""
    asks_byline: bool = False
    """It asks only who and when of what it names: a dated list's line shows both (agent/task/asks.py)."""
    stems: frozenset[str] = frozenset()
    """The stems of its words that carry content (asks.content_stems): what its subject is."""
    asked_stems: frozenset[str] = frozenset()
    """`stems` less those of its sentence about signing in (login.without_login): what it asks about."""
    days: frozenset[dt.date] = frozenset()
    """The days of the dates it names ("21 March 2024")."""
    quantity: Quantity | None = None
    """The one kind of quantity it asks for (money, weight…: asks.asked_quantity)."""
    who: frozenset[str] | None = None
    """What it asks of a person when it asks who ("own", "ticket" of "Who owns ticket #14?"); None when
    it asks no who (asks.who_asked)."""
    said: Said = field(default_factory=Said)
    """Its words, numbers and last question, as an answer is compared with them (agent/task/said.py)."""

    @property
    def words(self) -> frozenset[str]:
        """Its words, case-folded (agent/task/tokens.py): what a rule compares a page's words with."""
        return self.said.words

    def leading(self) -> list[str]:
        """Its runs of letters outside the text it gives to type or send, case-folded: the words that
        say where to go ("contact form"), not what to write ("Is there a plot free…")."""
        text = self.text
        for given in self.given:
            text = text.replace(given, " ")
        return [w.casefold() for w in letters(text, keep_case=True)]

    def letters(self, min_len: int = 1) -> list[str]:
        """Its runs of letters, case-folded, of `min_len` letters or more (tokens.letters)."""
        return [w.casefold() for w in self.letter_runs if len(w) >= min_len]

    def names(self, site_title: str) -> list[str]:
        """Its names that are not the site's (words of `site_title`) nor the person's own (`own`), the
        longest first ("Cascade Rain Shell", "#14"): what a look-up searches for (names.names_all)."""
        return [n for n in names_all(self.text, site_title)
                if not any(f" {n} " in f" {own} " or f" {own} " in f" {n} " for own in self.own)]

    def holds(self, line: str) -> bool:
        """`line`, case-folded, is part of the task as written (a page line that repeats the task)."""
        return line.casefold() in self.text.casefold()

    def says_word(self, value: str) -> bool:
        """`value`, case-folded, is a word or a run of words of the task."""
        return re.search(rf"(?<!\w){re.escape(value.casefold())}(?!\w)", self.text.casefold()) is not None

    @property
    def question_only(self) -> bool:
        """It only asks: nothing it wants changes the site."""
        return self.asks and not self.acts


def parse(task: str) -> TaskIntent:
    text = " ".join(task.lower().split())
    asks = "?" in text or any(commands(text, w) for w in ASKING)
    changes = any(commands(text, w) for w in (*CHANGING, *COMMITTING))
    acts = changes or (not asks and any(commands(text, w) for w in ACTING))  # "log in and tell me…" asks
    found = _HOW_MANY.search(text) or _HOW_MANY_AT_ALL.search(text)
    counted = tuple(found.group(1).split()) if found else ()
    return TaskIntent(text=task, asks=asks, acts=acts, counted=counted, several=_several(text),
                      codes=frozenset(_CODE.findall(task)), commits=commit_missing(task, 0), changes=changes,
                      criterion=criterion_in(task, asks and not acts), bounded=bounded(task),
                      comparing=comparing(task),
                      amount=amount_of(text) if acts else None,
                      orders=any(commands(text, w) for w in FAMILIES[0]),
                      own=own_names(task), given=tuple(given_text(task)), **_read(task))


def _read(task: str) -> dict[str, Any]:
    """The task's words, parts, what it names and gives, as the rules read them."""
    return {"letter_runs": tuple(letters(task, keep_case=True)),
            "joined": joined(task), "parts": tuple(parts_of(task)), "reference": reference_in(task),
            "code_keys": tuple(codes_in(task)), "named": named_in(task),
            "several_named": SEVERAL.search(task) is not None, "makes_new": makes_new(task),
            "edits": not makes_new(task) and any(commands(task.lower(), w) for w in EDITING),
            "sets": set_values(task),
            "buys": any(commands(task.lower(), w) for w in PURCHASE), "tries": tries_controls(task),
            "login": login_in(task), "wants_number": wants_number(task),
            "wants_time": wants_time(task), "totals": asks_total(task),
            "asks_difference": asks_difference(task),
            "known_action": asks_change(task) or works_controls(task), "works": acting_missing(task, 0),
            "asked_of": asked_of(task), "asks_byline": asks_byline(task),
            "stems": content_stems(words(task)), "asked_stems": content_stems(words(without_login(task))),
            "days": frozenset(d for _, d in dates_in(task)),
            "quantity": asked_quantity(task), "who": who_asked(task), "said": said_in(task)}


def amount_of(text: str) -> Amount | None:
    """The quantity a task orders or books ("buy 2 pairs of …", "book a table for two"), when more than
    one; None for one, for none, or for a number of nights or hours (dates set those, not a quantity)."""
    found = _AMOUNT.search(text)
    if found is None:
        party = _FOR_PEOPLE.search(text)
        if party is None:
            return None
        count, unit = party.group(1), party.group(2) or "people"
    else:
        count, unit = found.group(1), found.group(2).split()[-1]
    number = int(count) if count.isdigit() else _NUMBER_WORDS[count]
    return Amount(number, unit) if 2 <= number <= 50 else None


def _several(text: str) -> bool:
    """More than one commit asked for: a word of number or of all, or two things joined by "and" after
    the word that commits ("cancel #12 and #14"), not "… and tell me the total"."""
    if _SEVERAL.search(text):
        return True
    for word in (*COMMITTING, "add", "cancel", "remove", "archive", "close", "mark", "save"):
        at = re.search(rf"\b{re.escape(word)}\b([^.!?;]*)", text)
        if at and " and " in at.group(1) and not any(e in at.group(1) for e in _ASK_ENDINGS):
            return True
    return False
