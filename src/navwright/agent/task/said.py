"""What a person said, read once as an answer is compared with it: an answer that only gives their
words back, or adds nothing a page showed to them, tells them nothing (agent/grounding.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.task.tokens import STOP, number_set, word_set, words

_IN = r"(?:[^.!?;]|[.!;](?=\S))"
"""A character inside a sentence: a mark ends one only before a space or the end ("milestone 1.2 due?",
"$3.50", "v2.0" go on)."""
_YES_NO = re.compile(r"(?:^|[.!?:;]\s+)(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|"
                     rf"should|may)\b{_IN}*\?|\bor\b{_IN}*\?", re.IGNORECASE)
"""A question answered by yes, no or one of the things it names ("Is the shell in stock?", "which was
founded first, Corva or Pelin?")."""
_QUESTION = re.compile(rf"{_IN}*\?")
_STATE = re.compile(r"(?:^|[.!?:;]\s+|,\s*(?:and|but)\s+|\band\s+)(?:is|are|was|were|has|have|had)\s+"
                    rf"((?:(?!,){_IN})*)\?", re.IGNORECASE)
"""A question whether something is in a state ("…, and is it paid?", "Is the shell in stock?")."""
_CHOICE = re.compile(r"\bor\b", re.IGNORECASE)


@dataclass(frozen=True)
class Said:
    """The words and numbers a person said, and what their last question asks."""

    words: frozenset[str] = frozenset()
    """Their words, case-folded (tokens.word_set)."""
    numbers: frozenset[float] = frozenset()
    """The values of the numbers they wrote."""
    question: frozenset[str] = frozenset()
    """The words of their last question ("What is missing?"); none when they asked none."""
    yes_no: bool = False
    """They ask a question answered by yes, no or one of the things it names."""
    state: str | None = None
    """The state their last question whether something is in asks about, its last word ("paid" of "is
    it paid?", "stock" of "Is the shell in stock?"); None when they ask none, or a choice ("open or
    closed?")."""

    def __or__(self, other: Said) -> Said:
        """What both said, the later's question last."""
        return Said(self.words | other.words, self.numbers | other.numbers, other.question or self.question,
                    self.yes_no or other.yes_no, other.state or self.state)


def said_in(text: str) -> Said:
    asked = _QUESTION.findall(text)
    return Said(word_set(text), number_set(text), word_set(asked[-1]) if asked else frozenset(),
                _YES_NO.search(text) is not None, asked_state(text))


def asked_state(text: str) -> str | None:
    """The last word of the last question whether something is in a state, where it carries content
    (the state comes last: "is it paid?", "is the workshop still open?")."""
    for found in reversed(list(_STATE.finditer(text))):
        if _CHOICE.search(found.group(1)):
            continue
        said = [w for w in words(found.group(1)) if w.isalpha() and len(w) >= 3 and w not in STOP]
        if said:
            return said[-1]
    return None
