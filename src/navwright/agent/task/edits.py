"""What a change sets: the new values a request gives after "to" in the clause that commands the change
("change its amount to 45.60", "Rename the page 'Plots' to 'Garden plots'", "set the priority to
critical and assign it to Ana"). A page that says the change went through shows them; one that only
says "modified" may have changed something else."""

from __future__ import annotations

import re

from navwright.agent.task.tokens import joined
from navwright.agent.task.words import EDITING, commands
from navwright.browser.skills.dates import dates_in, parse_date

_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_VERB = re.compile(rf"\b(?:{'|'.join(EDITING)}|set|assign)\b", re.IGNORECASE)
_TO = re.compile(r"\bto\s+(.+?)(?=\s+and\s|,\s|\s+to\s|$)", re.IGNORECASE)
_EDGE = "'\"‘’“” .;:!?"
MAX_WORDS = 6
"""A new value is short: a longer run after "to" is a purpose ("to make it easier to …")."""


def set_values(task: str) -> tuple[str, ...]:
    """The values the request's change commands set, in order; none when it sets none."""
    out: list[str] = []
    for sentence in _SENTENCE.split(task.strip()):
        verb = _VERB.search(sentence)
        if verb is None or not commands(sentence[verb.start():].lower(), verb.group(0).lower()):
            continue
        for found in _TO.finditer(sentence, verb.end()):
            value = found.group(1).strip(_EDGE)
            if value and len(value.split()) <= MAX_WORDS:
                out.append(value)
    return tuple(out)


def shows_value(text: str, value: str) -> bool:
    """`text` shows `value`: its words in that order ("45.60" in "45.60 (11.40 each)"), or the same day
    written another way."""
    if f" {joined(value)} " in f" {joined(text)} ":
        return True
    day = parse_date(value)
    return day is not None and day in {d for _, d in dates_in(text)}
