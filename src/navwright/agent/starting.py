"""A question opens no form for a new record (`question_starts_nothing`).

Asked "How many open tickets does the storage component have?", a small model lured by the word "ticket"
presses "New Ticket": the page that opens is a long form whose fields answer nothing, and a question may
not send it (agent/vetoes.py refuses its fields). Each such page cost two or three navigator calls of
1,000-1,400 prompt tokens. While the task only asks, the menu offers no control that starts a new
record: a button, or a link to a form's address, whose label begins with "New", "Add" or "Create" and
names one thing ("New Ticket" to /newticket, "Add a new bill", "Create page", "+ Add participant"). The
page still shows it; no action may name it. A label that names many ("New arrivals", "New questions": a
list of the newest), one that starts a view ("New Custom Query", "Add filter", "New search"), a link to
an article ("New beehives arrive" at /news/new-beehives-arrive/) and one that holds the task's own name
("New York" for a question about New York) are offered as before.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from navwright.agent.section import NEW_WORDS
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import STOP, letters
from navwright.agent.trail import page_key
from navwright.browser.types import ElementInfo, Observation

STARTS_NOTHING = "question_starts_nothing"
CONTROLS = ("link", "button")
_FILLER = STOP | {"new", "record", "item", "entry", "one"}
"""Words around the name of the thing a control starts ("Add a new bill": bill)."""
VIEWS = frozenset({"search", "query", "filter", "sort", "column", "condition", "criterion", "criteria",
                   "view", "tab", "window"})
"""What a control starts that shapes a view, not a record ("Add filter", "New search", "New tab")."""
_PARTS = re.compile(r"[/?&=:._+]")
"""What parts an address into the words it is made of (a hyphen joins the words of a slug)."""


def held_back(intent: TaskIntent, obs: Observation) -> frozenset[str]:
    """Ids of the controls on the page that start a new record, while the task only asks; else none."""
    if not intent.question_only:
        return frozenset()
    return frozenset(e.id for e in obs.elements if starts_record(e, obs.url) and not _named_by(intent, e))


def starts_record(element: ElementInfo, page: str) -> bool:
    """A button, or a link to a form's address, that starts one new record: "New Ticket" (/newticket),
    "Add a new bill" (a dialog on the page), "Create page" (/pages/3/add/); not "New arrivals" (the
    newest of many), "New beehives arrive" (an article at /news/new-beehives-arrive/), "Add to cart"
    nor "Add" alone (a form's own button): the vetoes judge those two."""
    words = letters(element.name)
    if element.role not in CONTROLS or not words or words[0] not in NEW_WORDS or words[1:2] == ["to"]:
        return False
    things = [w for w in words[1:] if w not in _FILLER]
    if not things or len(things) > 3 or any(w.removesuffix("s") in VIEWS for w in things):
        return False
    if words[0] == "new" and _plural(things[-1]):
        return False
    return element.role == "button" or _leads_to_form(element, words[0], things, page)


def _leads_to_form(link: ElementInfo, verb: str, things: list[str], page: str) -> bool:
    """The link opens a form on this page by script ("#", "javascript:"), or its address names making
    one: a part of its path or query is "new", "add" or "create", alone or joined to the thing's name
    ("/tickets/new", "/newticket", "/pages/3/add_subpage/", "Special:CreateAccount"); an article's
    slug ("new-beehives-arrive") is not."""
    href = link.href or ""
    if not href.startswith(("http://", "https://")) or page_key(href) == page_key(page):
        return True
    parts = urlsplit(href.lower())
    made = {*NEW_WORDS, *(verb + thing for thing in things)}
    return any(token in made for token in _PARTS.split(f"{parts.path}?{parts.query}"))


def _named_by(intent: TaskIntent, element: ElementInfo) -> bool:
    """A word of the label after its first is one of the task's names ("New York" for a question about
    New York): the control is about what the task asks."""
    return any(w in intent.named for w in letters(element.name)[1:] if w not in _FILLER)


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))
