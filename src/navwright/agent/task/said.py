"""What a person said, read once as an answer is compared with it: an answer that only gives their
words back, or adds nothing a page showed to them, tells them nothing (agent/grounding.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.task.tokens import number_set, word_set

_YES_NO = re.compile(r"(?:^|[.!?:;]\s+)(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|"
                     r"should|may)\b[^.!?]*\?|\bor\b[^.!?]*\?", re.IGNORECASE)
"""A question answered by yes, no or one of the things it names ("Is the shell in stock?", "which was
founded first, Corva or Pelin?")."""
_QUESTION = re.compile(r"[^.!?;]*\?")


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

    def __or__(self, other: Said) -> Said:
        """What both said, the later's question last."""
        return Said(self.words | other.words, self.numbers | other.numbers, other.question or self.question,
                    self.yes_no or other.yes_no)


def said_in(text: str) -> Said:
    asked = _QUESTION.findall(text)
    return Said(word_set(text), number_set(text), word_set(asked[-1]) if asked else frozenset(),
                _YES_NO.search(text) is not None)
