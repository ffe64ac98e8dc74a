"""What a question asks for, read once (`TaskIntent`): a number ("how many…", "what is the population
of…"), or how much two quantities differ ("how many more inhabitants does Vellmar have than Pelin?")."""

from __future__ import annotations

import re

from navwright.agent.task.names import SEVERAL

_WANTS_NUMBER = re.compile(
    r"\bhow (?:much|many|long|old|far|heavy|tall|big|often)\b|\bwhat time\b|\bwhen does\b|"
    r"\bwhat (?:is|was|are|were) the (?:\w+ ){0,3}(?:price|cost|fee|population|temperature|number|"
    r"total|amount|weight|height|length|distance|duration|rate|count)\b", re.IGNORECASE)
_DIFFERENCE = re.compile(
    r"\bhow (?:many|much) (?:more|fewer|less)\b|\bdifference\b|\bhow much (?:older|younger|longer|shorter|"
    r"higher|lower|bigger|larger|smaller|heavier|lighter|cheaper|dearer|more expensive|warmer|colder)\b",
    re.IGNORECASE,
)


def wants_number(request: str) -> bool:
    """The request asks for a number: a price, a time, a count ("how many…", "what is the population…")."""
    return bool(_WANTS_NUMBER.search(request))


def asks_difference(request: str) -> bool:
    """The request asks how much two quantities differ."""
    return _DIFFERENCE.search(request) is not None and SEVERAL.search(request) is not None
