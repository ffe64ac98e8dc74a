"""A request of several commands cut into its parts, in order ("Expand the section below and click
submit" is two). The parts are cut inside a sentence, where a clause begins with a command (the words
for working the page, changing or committing something), never inside a list of things ("flame, furious
and calm"). agent/clauses.py marks which parts a step's actions did; the task's parts are read once
(`TaskIntent.parts`)."""

from __future__ import annotations

import re

from navwright.agent.task.words import ACTING, CHANGING, COMMITTING

LEADS = (*ACTING, *CHANGING, *COMMITTING, "go to", "find", "search", "tell me", "report", "write",
         "forward", "star", "answer", "then")
"""Words that begin a command of their own after "and", "then", a comma or a semicolon."""
_CUT = re.compile(
    r"(?:,?\s+and\s+then\s+|,\s+then\s+|;\s+|,?\s+and\s+)(?=(?:then\s+)?(?:"
    + "|".join(re.escape(w) for w in sorted(LEADS, key=len, reverse=True))
    + r")\b)",
    re.IGNORECASE,
)


def parts_of(request: str) -> list[str]:
    """The request's commands in order; one part when it is a single command."""
    pieces = [p.strip(" .") for p in _CUT.split(request.strip())]
    pieces = [re.sub(r"^then\s+", "", p, flags=re.IGNORECASE) for p in pieces if p.strip(" .")]
    joined: list[str] = []
    for piece in pieces:  # a verb with no object shares the next one ("find and click the result")
        if joined and (len(joined[-1].split()) < 2 or _ends_with_lead(joined[-1])):
            piece = f"{joined.pop()} and {piece}"
        joined.append(piece)
    return joined if len(joined) > 1 else [request.strip()]


def _ends_with_lead(text: str) -> bool:
    return any(re.search(rf"\b{re.escape(word)}$", text, re.IGNORECASE) for word in LEADS)
