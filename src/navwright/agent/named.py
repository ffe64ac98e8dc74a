"""The page's elements that a request names, found by code so the small model need not search for them.

"Switch between the tabs to find and click on the link "Praesent."" names an element the page shows;
a 1.5B model read past it and clicked the second tab. Told `"Praesent." is [8] button`, it has one
decision less to make. A name is matched as whole words (one word as written, several in any case),
the longest first, each stretch of the request once; a name many elements carry says nothing, nor do
the request's own first words (the button of "Sign up for the newsletter as Ada" is pressed last:
named first, a small model pressed it before typing anything), nor a sentence's first word alone
("… . Add a bill": the button "Add" beside "Add participant" is not it). A quoted name the page hides in a
closed tab or panel is given with the control that shows it.

What a sentence states before its command names nothing to press ("Tom Becker's bank transfer for order
MCPKL has arrived: mark that order as paid": told `"Bank transfer" is [23] link`, the pretix back
office's menu link, the 1.5B model pressed it instead of "Mark as paid"), except a quoted name or a
record's code ("MCPKL", "#14"); and the account a request signs in with is a value to type, not the
header's link to that account's profile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.task.login import login_in
from navwright.agent.task.presses import QUOTED, quoted
from navwright.agent.task.words import told_before_command
from navwright.browser.types import ElementInfo

PRESSABLE = {"button", "link", "radio", "checkbox", "switch", "tab", "option", "menuitem", "menuitemradio",
             "menuitemcheckbox", "treeitem", "gridcell"}
"""Roles of the elements a request names to press or choose (fields are found by their labels)."""
MAX_NAMES = 4
MAX_CARRIERS = 2
"""A name more elements carry ("Add to cart" on every product) points at none of them."""


CODE = re.compile(r"\d|^[A-Z][A-Z0-9-]{3,}$")
"""A name that is a record's code or number ("MCPKL", "#14", "Order 2041"): the thing a request is
about, even where it only tells about it."""
PRESSES = re.compile(r"\b(?:click|press|tap|hit)\b", re.IGNORECASE)
"""A part of a request that tells to press something ("find and click on the link "aliquet"")."""
_SENTENCE_END = re.compile(r"[.!?;:]\s+$")
NEGATED = re.compile(r"\b(?:not|never|don't|dont|without)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Named:
    name: str
    elements: list[ElementInfo]
    opened_by: ElementInfo | None = None
    """For a name the page hides (in a closed tab): the control that shows it."""


def unseen(request: str, named: list[Named]) -> list[str]:
    """The names the request quotes that no element of the page carries (the page may hide them)."""
    found = {n.name.lower() for n in named}
    return [q for q in quoted(request) if q.lower() not in found and len(q) >= 2]


def hidden(holders: dict[str, str], elements: list[ElementInfo]) -> list[Named]:
    """The hidden names with the controls that show them (`browser/skills/hidden.py` found their ids)."""
    by_id = {e.id: e for e in elements}
    return [Named(name, [], by_id[i]) for name, i in holders.items() if i in by_id]


def named_elements(request: str, elements: list[ElementInfo], limit: int = MAX_NAMES) -> list[Named]:
    """The names the request says that pressable elements of the page carry, in the request's order."""
    carriers: dict[str, list[ElementInfo]] = {}
    for e in elements:
        name = e.name.strip()
        if e.role in PRESSABLE and not e.disabled and len(name) >= 2:
            carriers.setdefault(name, []).append(e)
    taken = [m.span() for m in QUOTED.finditer(request)]  # a quote names one thing, as a whole
    quotes = {q.lower() for q in quoted(request)}
    told = told_before_command(request)
    login = login_in(request)
    found: list[tuple[int, Named]] = []
    for name in sorted(carriers, key=len, reverse=True):
        span = _span(request, name)
        inside = name.lower() not in quotes and span is not None
        if span is None or (inside and any(span[0] < end and start < span[1] for start, end in taken)):
            continue
        if inside and not CODE.search(name) and any(start <= span[0] < end for start, end in told):
            continue  # said in what the request tells about, not in what it commands
        if login is not None and name.casefold() == login.account.casefold():
            continue
        if not request[: span[0]].strip():  # the command itself ("Sign up for the newsletter…"): its
            continue  # button comes last, not first
        if " " not in name and _SENTENCE_END.search(request[: span[0]]):
            continue  # "… . Add a bill": a sentence's first word is capitalised, it names no button
        taken.append(span)
        if len(carriers[name]) <= MAX_CARRIERS:
            found.append((span[0], Named(name, carriers[name])))
    return [named for _, named in sorted(found, key=lambda f: f[0])][:limit]


def _span(request: str, name: str) -> tuple[int, int] | None:
    """Where the request says `name`: a name of one word as written ("my home address" does not name
    the link "Home"), a longer one in any case ("add to cart" names "Add to cart")."""
    flags = re.IGNORECASE if len(name.split()) > 1 else 0
    m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", request, flags)
    return None if m is None else (m.start(), m.end())


def to_press(part: str, named: list[Named], pressed: set[str]) -> ElementInfo | None:
    """The element code presses for a part of the request that tells to press one thing it names: that
    element, or the control that shows it when the page hides it (a link in a closed tab). None when
    the part names more or fewer than one thing, does not tell to press, says not to, or when code
    pressed it already in this step (then the model decides)."""
    if len(named) != 1 or not PRESSES.search(part) or NEGATED.search(part):
        return None
    one = named[0]
    target = one.opened_by if not one.elements else one.elements[0] if len(one.elements) == 1 else None
    return None if target is None or target.id in pressed else target
