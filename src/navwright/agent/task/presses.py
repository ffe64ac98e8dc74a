"""What a request tells to press, tick or type, read off its words: the kind of element it names
("Click on a "checkbox" widget"), the place of a result ("the 7th search result"), the phrases it
quotes, the edges of a value it describes ("starts with "Les""), whether it tells to tick boxes. The
rules that act on them (agent/kinds.py, ordinal.py, named.py, suggested.py, unfilled.py) match these
against the page's elements; the request itself is read once per step (agent/task/request.py)."""

from __future__ import annotations

import re

KINDS: dict[str, tuple[str, bool | None]] = {
    "checkbox": ("checkbox", None), "check box": ("checkbox", None), "tickbox": ("checkbox", None),
    "radio": ("radio", None), "radio button": ("radio", None), "button": ("button", None),
    "link": ("link", None), "text": ("textbox", False), "text field": ("textbox", False),
    "text box": ("textbox", False), "textbox": ("textbox", False), "text input": ("textbox", False),
    "textarea": ("textbox", True), "text area": ("textbox", True),
}
"""A kind a request says → the role of its elements, and whether it is a many-line text area (None:
either)."""
ASKED = re.compile(
    r"^\s*(?:please\s+)?(?:click|press|tap|select|tick|check)(?:\s+on)?\s+(a|an|the|one|any)\s+[\"'“‘]?("
    + "|".join(sorted(map(re.escape, KINDS), key=len, reverse=True))
    + r")[\"'”’]?(?:\s+(?:widget|element|control|item))?\s*[.!]?\s*$", re.IGNORECASE)

Kind = tuple[str, bool | None, bool]
"""The role of the element a request tells to press by kind, whether it is a text area (None: either),
and whether any one of the kind will do."""

WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
         "eighth": 8, "ninth": 9, "tenth": 10}
PLACE = re.compile(r"\b(?:click|open|select|choose|pick|press)\b.*?\bthe\s+(\d{1,2})(?:st|nd|rd|th)\s+"
                   r"(?:search\s+)?(?:result|link|hit)s?\b|"
                   r"\b(?:click|open|select|choose|pick|press)\b.*?\bthe\s+(" + "|".join(WORDS) + r")\s+"
                   r"(?:search\s+)?(?:result|link|hit)s?\b", re.IGNORECASE)

QUOTED = re.compile(r'"([^"]{1,80})"|\'([^\']{1,80})\'|“([^”]{1,80})”|‘([^’]{1,80})’')
EDGE = re.compile(r"\b(starts?|begins?|starting|beginning|ends?|ending)\s+with\s+"
                  r"[\"'“‘]([^\"'”’]{1,40})[\"'”’]", re.IGNORECASE)

TICKS = re.compile(r"\b(?:select|check|tick|choose|mark|pick)\b", re.IGNORECASE)
UNTICKS = re.compile(r"\b(?:uncheck|untick|unselect|deselect|clear|not|never|don't|without)\b", re.IGNORECASE)
LIKENESS = re.compile(r"\b(?:similar|synonyms?|antonyms?|opposites?|related|resembl\w*|meaning)\b",
                      re.IGNORECASE)
"""A request that names words to find others by ("Select words similar to brave, chubby"): a box that
carries one of those words is not the only one to tick, and which others are is the model's to read."""


def kind_asked(request: str) -> Kind | None:
    """The role (and text-area-ness) of the element the whole request tells to press by kind, and
    whether any one of the kind will do ("a checkbox", not "the checkbox"); None when it names none."""
    m = ASKED.match(request)
    if m is None:
        return None
    role, area = KINDS[m.group(2).lower()]
    return role, area, m.group(1).lower() != "the"


def place_asked(request: str) -> int | None:
    """The place in the list of results the request names ("the 7th search result": 7), or None."""
    m = PLACE.search(request)
    if m is None:
        return None
    return int(m.group(1)) if m.group(1) else WORDS[m.group(2).lower()]


def quoted(request: str) -> list[str]:
    """The phrases the request puts in quotes: `Click on the "yes" button` names "yes"."""
    return [next(g for g in m.groups() if g is not None).strip() for m in QUOTED.finditer(request)]


def edges(request: str) -> tuple[str, str, frozenset[str]]:
    """The beginning and the end the request quotes of a value ("starts with "An" and ends with "ra""),
    and the quoted texts that say them."""
    starts = ends = ""
    edged = set()
    for verb, text in EDGE.findall(request):
        edged.add(text)
        if verb.lower().startswith(("start", "begin")):
            starts = text
        else:
            ends = text
    return starts, ends, frozenset(edged)


def ticks(request: str) -> bool:
    """The request tells to tick the boxes it names ("Select nb, v8Zs3 and click Submit"), not to untick
    them nor to find others like them."""
    return bool(TICKS.search(request)) and not UNTICKS.search(request) and not LIKENESS.search(request)
