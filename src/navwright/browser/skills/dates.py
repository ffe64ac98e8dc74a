"""Dates and times as people write them, turned into the values `<input type=date|time|...>` accept.

A date field takes `2010-05-20`, a time field `21:37`, whatever the page displays. People (and models)
write `05/20/2010`, `20.05.2010`, `May 20, 2010` or `9:37 PM`. Numeric dates with slashes are read
month first (US order) unless the first number cannot be a month; dots and dashes with the year last
are read day first.
"""

from __future__ import annotations

import datetime as dt
import re

DATE_KINDS = {"date", "datetime-local", "month", "week", "time"}
_TIME = re.compile(r"(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?\s*m\.?|(\d{1,2}):(\d{2})(?::(\d{2}))?",
                   re.IGNORECASE)
_WORD_FORMATS = ("%B %d %Y", "%b %d %Y", "%d %B %Y", "%d %b %Y", "%B %Y", "%b %Y")
_YEARLESS = ("%B %d", "%b %d", "%d %B", "%d %b")
"""A day said with no year ("2 December"): the next such day, as a person booking a trip means it."""


_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
WRITTEN_DATE = re.compile(
    rf"\b\d{{4}}-\d{{1,2}}-\d{{1,2}}\b|\b\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{4}}\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)? {_MONTH},? \d{{4}}\b|\b{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}\b",
    re.IGNORECASE,
)
"""A date written with its year: "2026-11-23", "23.11.2026", "23 November 2026", "Nov 23, 2026"."""


def dates_in(text: str) -> list[tuple[str, dt.date]]:
    """The dates written in `text` with their year, each as written and as the day it names."""
    found = ((m.group(0), parse_date(m.group(0))) for m in WRITTEN_DATE.finditer(text))
    return [(written, day) for written, day in found if day is not None]


def parse_date(text: str, today: dt.date | None = None) -> dt.date | None:
    """The date `text` names: ISO, day/month/year, or words ("2 December 2026", "Dec 2"); a day with no
    year is the next one on or after `today` (the machine's date when not given)."""
    text = text.strip()
    iso = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if iso:
        return _date(int(iso[1]), int(iso[2]), int(iso[3]))
    parts = re.fullmatch(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4})", text)
    if parts:
        a, sep, b, year = int(parts[1]), parts[2], int(parts[3]), int(parts[4])
        day_first = sep != "/" or a > 12
        return _date(year, b, a) if day_first else _date(year, a, b)
    words = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text.replace(",", " "))
    words = " ".join(words.split())
    for fmt in _WORD_FORMATS:
        try:
            return dt.datetime.strptime(words, fmt).date()
        except ValueError:
            continue
    return _next_day(words, today or dt.date.today())


def _next_day(words: str, today: dt.date) -> dt.date | None:
    for fmt in _YEARLESS:
        try:
            day = dt.datetime.strptime(f"{words} {today.year}", f"{fmt} %Y").date()
        except ValueError:
            continue
        return day if day >= today else _date(today.year + 1, day.month, day.day)
    return None


def parse_time(text: str) -> dt.time | None:
    m = _TIME.search(text.strip())
    if not m:
        return None
    if m[4]:
        hour, minute, second = int(m[1]), int(m[2] or 0), int(m[3] or 0)
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m[4].lower() == "p" else 0)
    else:
        hour, minute, second = int(m[5]), int(m[6]), int(m[7] or 0)
    try:
        return dt.time(hour, minute, second)
    except ValueError:
        return None


def input_value(kind: str, text: str, today: dt.date | None = None) -> str | None:
    """The value a `<input type=kind>` accepts for `text`, or None when the text is not understood; a
    day with no year is the next one on or after `today` (see parse_date)."""
    if kind == "time":
        t = parse_time(text)
        return None if t is None else t.strftime("%H:%M:%S" if t.second else "%H:%M")
    if kind == "datetime-local":
        date_part, _, time_part = text.replace("T", " ").partition(" ")
        d, t = parse_date(date_part, today), parse_time(time_part or "00:00")
        return None if d is None or t is None else f"{d.isoformat()}T{t.strftime('%H:%M')}"
    d = parse_date(text, today)
    if d is None:
        return None
    if kind == "month":
        return d.strftime("%Y-%m")
    if kind == "week":
        year, week, _ = d.isocalendar()
        return f"{year}-W{week:02d}"
    return d.isoformat()


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


CLOCK = re.compile(r"(?<![\w.:])(\d{1,2}):(\d{2})(?![\d:])\s*(?:([ap])\.?m\b\.?)?|"
                   r"(?<![\w.:])(\d{1,2})(?:\.(\d{2}))?\s*([ap])\.?m\b", re.I)
"""A time of day: "08:15", "9:30 pm", "6pm", "10.50am" (a price's "10.50" is none, nor a port's
"127.0.0.1:42877")."""


def minutes_of(clock: str) -> int | None:
    """A time of day in minutes after midnight: "noon" 720, "9:30 pm" 1290, "08:15" 495."""
    word = clock.strip().casefold()
    if word in {"noon", "midday", "midnight"}:
        return 0 if word == "midnight" else 720
    found = CLOCK.search(clock)
    if found is None:
        return None
    hour = int(found.group(1) or found.group(4))
    minute = int(found.group(2) or found.group(5) or 0)
    half = (found.group(3) or found.group(6) or "").casefold()
    if half and hour == 12:
        hour = 0
    return (hour + (12 if half == "p" else 0)) * 60 + minute if hour < 24 and minute < 60 else None


def times_in(text: str) -> list[tuple[str, int]]:
    """The times of day a text gives, as written and in minutes after midnight."""
    found = ((m.group(0).strip(), minutes_of(m.group(0))) for m in CLOCK.finditer(text))
    return [(written, t) for written, t in found if t is not None]


_WHEN = re.compile(
    rf"\b{_MONTH}(?!\w)|\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|urday)?\b|"
    r"\b(?:1[5-9]|2\d)\d\d\b|\b\d{1,2}/\d{1,2}\b|\b\d{1,2}\.\d{1,2}\.(?!\d)|\b\d{1,2}(?:st|nd|rd|th)\b|"
    r"\b(?:today|tomorrow|yesterday|tonight|now|ago|soon|later|earlier|morning|afternoon|evening|night|"
    r"noon|midnight|weekends?|weeks?|months?|years?|days?|hours?|minutes?|daily|weekly|monthly|yearly|"
    r"annually|quarter|spring|summer|autumn|fall|winter|overdue|late|early)\b", re.IGNORECASE)
_HOURS = re.compile(r"\b\d{1,2}(?:[.:]\d{2})?\s*(?:to|until|till|-|–)\s*\d{1,2}(?:[.:]\d{2})?\b|"
                    r"\b(?:at|from|until|till)\s+\d{1,2}(?:[.:]\d{2})?\b(?![.,]\d|\s*%)", re.IGNORECASE)
"""Hours as people write them: "9 to 5", "9-17", "from 10", "until 18.30"."""
_NO_TIME = re.compile(r"\b(?:no|not|never|none|unknown|unscheduled|unset|tbd|tba)\b", re.IGNORECASE)


def tells_time(text: str) -> bool:
    """`text` says when: a date, a month or a day of the week, a year, a time of day or hours ("9 to 5"),
    a span ("in 3 days", "last week"); or that there is no such time ("no due date", "not scheduled")."""
    return bool(_WHEN.search(text) or CLOCK.search(text) or _HOURS.search(text) or _NO_TIME.search(text))
