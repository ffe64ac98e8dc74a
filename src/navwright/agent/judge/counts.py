"""Where a line states how many of a thing there are: a number that stands as a count ("8 matches",
"Weekend pass | 16", "3 unread messages"), next to a word of what is counted or of a set ("results",
"total"), not a number that is a reference, a price, a share, a time or a date (`{8} Active Tickets`
is report 8 of Trac's list, `#8` a ticket, `€16.00` a price, `16 Sep` a day)."""

from __future__ import annotations

import re

from navwright.agent.task.tokens import NUMBER_WORDS, STOP, number_value, numbers_in, words

SET_WORDS = ("result", "item", "match", "found", "entr", "record", "total", "count")
"""Beginnings of words a page puts beside the size of a set it shows ("8 matches", "Total: 16")."""
NEAR = 3
"""How many words at most stand between a count and the word of what it counts."""

_BEFORE = re.compile(r"(?:[#№{\[$€£¥]|\d[-/.:]|\b(?:no|nr|id|eur|usd|gbp|chf)\.?)\s?$", re.IGNORECASE)
"""What a reference, a price or a date puts before its number: `#8`, `{8}`, `[8]`, `€ 16`, `No. 4`,
`12/09`."""
_AFTER = re.compile(r"^(?:\s?(?:%|[}\]]|€|\$|:\d|/\d|-\d)|\s?(?:eur|usd|gbp|chf|am|pm|h)\b)", re.IGNORECASE)
_MONTH = re.compile(r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                    r"sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?", re.IGNORECASE)
"""A month's name, whole: the number beside it is a day."""
_REFERENCE_WORD = re.compile(r"\b(?:no|nr|number|id|ticket|order|report|page|version|step)\.?\s*$",
                             re.IGNORECASE)
"""A word that makes the number after it a name ("ticket 8", "Report 2", "page 3 of 4")."""


def counts_in(text: str) -> set[float]:
    """Every number the text shows, in figures or in words up to twenty."""
    return {value for _, _, value in _counts_at(text)}


def stems(counted: tuple[str, ...]) -> set[str]:
    """The beginnings of the words of what a question counts ("open tickets" → open, tick)."""
    return {w[:4] if len(w) > 4 else w for w in counted if w not in STOP and len(w) > 2}


def states_count(line: str, wanted: set[float], counted: set[str]) -> bool:
    """The line states one of the `wanted` numbers as a count, within `NEAR` words of a word that
    begins with one of `counted` (the stems of what is counted) or of `SET_WORDS`."""
    marks = (*counted, *SET_WORDS)
    for at, end, value in _counts_at(line):
        if value not in wanted or not _a_count(line, at, end):
            continue
        after = words(line[end:])[:NEAR]
        if after and _counts_other(after[0], marks):
            continue
        if any(w.startswith(marks) for w in words(line[:at])[-NEAR:] + after):
            return True
    return False


def _counts_other(word: str, marks: tuple[str, ...]) -> bool:
    """The word after a number names, in the plural, another thing it counts: "Weekend pass – 3 days"
    states no count of passes, "16 orders" none of tickets."""
    return len(word) > 3 and word.endswith("s") and word not in STOP and not word.startswith(marks)


def _counts_at(line: str) -> list[tuple[int, int, float]]:
    found = [(m.start(), m.end(), number_value(m)) for m in numbers_in(line)]
    for m in re.finditer(r"[^\W\d_]+", line):
        value = NUMBER_WORDS.get(m.group(0).casefold())
        if value is not None:
            found.append((m.start(), m.end(), float(value)))
    return found


def _a_count(line: str, at: int, end: int) -> bool:
    """The number at `line[at:end]` is no reference, price, share, time, date or version."""
    before, after = line[max(0, at - 12):at], line[end:end + 12]
    if _BEFORE.search(before) or _AFTER.search(after) or _REFERENCE_WORD.search(before):
        return False
    if "." in line[at:end]:  # a count has no fraction: "89.00" is a price, "2.1" a version
        return False
    near = words(before)[-1:] + words(after)[:1]
    return not any(_MONTH.fullmatch(w) for w in near)
