"""A value read off the page and typed into a field: "Find the 1st word in the paragraph, type that
into the textbox", "Look up your order number and enter it in the reference field".

A person reads first and types what they read. A 1.5B model asked to do both in one decision typed
the page's first line ("URL: http://…") as the paragraph's first word. Code splits it: the reader is
asked the finding part alone over the page's lines (the task's own words left out), its answer is
typed only when the page shows it word for word (a sum worked out in the head is the model's to
type), into the field the part names or the one empty text field. A word or line named by its place
("the 5th word in the paragraph") is counted by code, not read: the reader miscounted it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.presses import WORDS
from navwright.agent.task.tokens import word_set
from navwright.agent.text.messages import copy_question
from navwright.browser.types import ElementInfo

COPY = re.compile(
    r"^(?:please\s+)?(?:find|read|look\s+up|get|copy|note)\s+(?P<what>.+?),?\s+(?:and\s+)?(?:then\s+)?"
    r"(?:type|enter|write|put|paste|fill\s+in)\s+(?:that|it|this|them|the\s+answer|the\s+same)\s+"
    r"(?:in|into|in\s+to|on)\s+(?P<into>.+?)\.?$",
    re.IGNORECASE,
)
TYPED = {"textbox", "searchbox", "combobox", "spinbutton"}
PLACED = re.compile(r"^the\s+(?:(\d{1,2})(?:st|nd|rd|th)|(" + "|".join(WORDS) + r"))\s+(word|line)\s+"
                    r"(?:in|of)\s+the\s+(?:paragraph|text|passage|sentence)$", re.IGNORECASE)
"""What a request names by its place in the page's text: "the 5th word in the paragraph"."""
MAX_LINES = 40
MAX_CHARS = 1600


@dataclass(frozen=True)
class Copy:
    what: str
    """What to find ("the 1st word in the paragraph")."""
    into: str
    """The field it goes in, as the request says it ("the textbox")."""

    @property
    def question(self) -> str:
        return copy_question(self.what)


def copy_asked(parts: Sequence[str]) -> Copy | None:
    """The part of a request (its `parts`, TaskIntent.parts) that reads a value off the page and types
    it into a field, if any."""
    for part in parts:
        m = COPY.match(part.strip())
        if m is not None:
            return Copy(m.group("what").strip(), m.group("into").strip())
    return None


def field_for(copy: Copy, elements: list[ElementInfo]) -> ElementInfo | None:
    """The empty text field the value goes in: the one the part names by its label, else the only
    one."""
    empty = [e for e in elements if e.role in TYPED and not e.disabled and not (e.value or "").strip()]
    said = word_set(copy.into)
    named = [e for e in empty if e.name and word_set(e.name) <= said]
    if len(named) == 1:
        return named[0]
    return empty[0] if len(empty) == 1 else None


def page_lines(lines: list[str], intent: TaskIntent) -> str:
    """The page's lines to read, without the ones that repeat the task (a page may show it)."""
    kept = [ln.strip() for ln in lines if ln.strip() and not intent.holds(ln.strip())]
    return "\n".join(kept[:MAX_LINES])[:MAX_CHARS]


def shown_on(answer: str, lines: str, intent: TaskIntent) -> bool:
    """The answer is on the page word for word and is not a word of the task."""
    value = answer.strip(" .\"'")
    return bool(value) and value.casefold() in lines.casefold() and not intent.says_word(value)


def counted(copy: Copy, lines: str) -> str | None:
    """The word or line the part names by its place, counted in the page's longest line (the paragraph)
    or among its lines; None when the part names none or the text is shorter."""
    m = PLACED.match(copy.what.strip())
    if m is None or not lines.strip():
        return None
    place = int(m.group(1)) if m.group(1) else WORDS[m.group(2).lower()]
    kept = [ln for ln in lines.splitlines() if ln.strip()]
    items = kept if m.group(3).lower() == "line" else re.findall(r"[^\W_]+(?:['’-][^\W_]+)*",
                                                                 max(kept, key=len))
    return items[place - 1].strip() if 0 < place <= len(items) else None
