"""A value read beside its label: a record's property table ("Reported by: Felipe Silva | Owned by:
Bence Kovacs"), a product's details ("Weight: 2.1 kg"). When the question's own words name one label of
the page's matching lines ("Who owns ticket #14?": "Owned by"), the value after it is the answer, read
by code: a small model reading such a row takes the first name on it, whatever its label.

Only one label may fit: two that share the question's words ("Price" and "Sale price") are left to the
reader, and so is a label whose value is empty ("Cc:").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.task.asks import content_stems
from navwright.agent.task.tokens import words

_PAIR = re.compile(r"^\s*([^:|#()]{2,40}?):\s+(\S.*?)\s*$")
"""A "Label: value" cell: a short label, a colon, a value."""
_LABEL_WORDS = 4
"""Longest label, in words, read as one ("Date of first release")."""
_VALUE_WORDS = 12
"""Longest value, in words: a longer one is a sentence, not a property's value."""
_SAYING = frozenset({"i", "it", "we", "you", "he", "she", "they", "this", "that", "there", "here"})
"""Words of a sentence that begins "Found it: …" or "Note that: …", never of a label."""


@dataclass(frozen=True)
class Labelled:
    label: str
    value: str
    line: str
    """The page line it was read on (the answer's evidence)."""


def pairs_in(line: str) -> list[Labelled]:
    """The "Label: value" cells of a line of the page ("Owned by: Bence Kovacs | Priority: blocker")."""
    out = []
    for cell in line.strip().removeprefix("(columns: ").removesuffix(")").split(" | "):
        found = _PAIR.match(cell)
        label = words(found.group(1)) if found else []
        if found and len(label) <= _LABEL_WORDS and not _SAYING & set(label) \
                and len(words(found.group(2))) <= _VALUE_WORDS:
            out.append(Labelled(found.group(1).strip(), found.group(2), line.strip()))
    return out


def labelled_answer(asked: frozenset[str], lines: str, title: str) -> Labelled | None:
    """The one labelled value of `lines` whose label names what the question asks of its thing
    (`TaskIntent.asked_of`, stems: the label's word or one it begins), not counting the words of the
    page's title (every line is about them); None when none or several labels do."""
    wanted = asked - content_stems(words(title))
    pairs = [p for ln in lines.splitlines() for p in pairs_in(ln)]
    fitting = [p for p in pairs if meets(content_stems(words(p.label)), wanted)]
    labels = {p.label.casefold() for p in fitting}
    if len(labels) != 1 or len({p.value for p in fitting}) != 1:
        return None
    return fitting[0]


def meets(label: frozenset[str], asked: frozenset[str]) -> bool:
    """A word of the label and one of the question are one word, or one begins the other ("own" and
    "owner", "report" and "reporter")."""
    return any(a.startswith(b) or b.startswith(a) for a in label for b in asked)
