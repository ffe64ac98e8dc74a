"""Lenient answer checks and database checks for the apps' tasks.

Answers are compared after normalising: case, spacing and punctuation for names; thousands separators,
currency signs and trailing zeros for numbers (a count may be written as a word); many spellings for
dates ("2024-07-19", "19 July 2024", "Jul 19, 2024", "07/19/2024").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

from navwright.bench.apps.spec import Check
from navwright.bench.tasks.spec import Verdict

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
         "twenty"]


def flat(text: str) -> str:
    """Lower case, punctuation to spaces, single spaces."""
    return " ".join(re.sub(r"[^\w@.+#-]+", " ", text.lower().replace("\u00a0", " ")).split()).strip(" .")


def has_text(answer: str, needle: str) -> bool:
    return f" {flat(needle)} " in f" {flat(answer).replace('. ', ' ')} " or flat(needle) in flat(answer)


def numbers(answer: str) -> list[float]:
    plain = re.sub(r"(?<=\d)[,\u00a0 '](?=\d{3}\b)", "", answer)
    found = [float(n) for n in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?", plain)]
    words = re.findall(r"[a-z]+", answer.lower())
    return found + [float(WORDS.index(w)) for w in words if w in WORDS]


def has_number(answer: str, value: float) -> bool:
    return any(abs(abs(n) - abs(value)) < 0.005 for n in numbers(answer))


def date_forms(d: date) -> list[str]:
    month, short = d.strftime("%B").lower(), d.strftime("%b").lower()
    return [d.isoformat(), f"{d.day} {month} {d.year}", f"{month} {d.day} {d.year}",
            f"{d.day} {short} {d.year}",
            f"{short} {d.day} {d.year}", f"{d.month:02d}/{d.day:02d}/{d.year}", f"{d.month}/{d.day}/{d.year}",
            f"{d.day:02d}.{d.month:02d}.{d.year}", f"{d.month:02d}/{d.day:02d}/{d.year % 100:02d}",
            f"{d.month}/{d.day}/{d.year % 100:02d}", f"{d.day}.{d.month}.{d.year}", f"{month} {d.day}",
            f"{d.day} {month}", f"{short} {d.day}", f"{d.day} {short}"]  # fmt: skip


def has_date(answer: str, d: date) -> bool:
    text = re.sub(r"(\d+)(st|nd|rd|th)\b", r"\1", answer.lower()).replace(",", " ")
    text = " ".join(text.split())
    return any(form in text for form in date_forms(d))


def says(*needles: str) -> Check:
    """The answer names every needle."""

    def check(db: Path, answer: str) -> Verdict:
        missing = [n for n in needles if not has_text(answer, n)]
        return Verdict(not missing, f"answer lacks {', '.join(missing)}" if missing else "answer right")

    return check


def says_number(value: float, *also: str) -> Check:
    """The answer gives the number (and names `also`)."""

    def check(db: Path, answer: str) -> Verdict:
        if not has_number(answer, value):
            return Verdict(False, f"answer lacks the number {value:g}")
        return says(*also)(db, answer)

    return check


def says_date(value: date, *also: str) -> Check:
    def check(db: Path, answer: str) -> Verdict:
        if not has_date(answer, value):
            return Verdict(False, f"answer lacks the date {value.isoformat()}")
        return says(*also)(db, answer)

    return check


def state(test: Callable[[Path], str]) -> Check:
    """A database check: `test(db)` returns "" when the state is right, else what is wrong."""

    def check(db: Path, answer: str) -> Verdict:
        wrong = test(db)
        return Verdict(not wrong, wrong or "database state right")

    return check


def says_any(*names: str) -> Check:
    """The answer names one of `names` (a user's login or full name)."""

    def check(db: Path, answer: str) -> Verdict:
        ok = any(has_text(answer, n) for n in names)
        return Verdict(ok, "answer right" if ok else f"answer lacks {' or '.join(names)}")

    return check


def all_of(*checks: Check) -> Check:
    def check(db: Path, answer: str) -> Verdict:
        for one_check in checks:
            verdict = one_check(db, answer)
            if not verdict.ok:
                return verdict
        return Verdict(True, "answer right")

    return check
