"""What a person reads after pressing the button that commits (Place order, Book and pay, Send): the
page's new lines that say it was done ("Thank you for your order", "Booking reference QX7P2L",
"Message sent"). Those lines end the step as its answer and evidence: the task's state is checked on
the page, not taken from the model's word, and no further click (a "Keep shopping" link) leaves it.

A page that still asks for something (`still_asks`: "Step 1 of 3" in its title, a required field left
empty) confirms nothing, whatever its lines say: a checkout's progress bar names its last step "Order
confirmed" on its first.
"""

from __future__ import annotations

import re

from navwright.agent.task.edits import shows_value
from navwright.agent.task.names import REFERENCE
from navwright.browser.errors import BrowserError
from navwright.browser.session import BrowserSession
from navwright.browser.skills.find import PageText
from navwright.browser.types import ElementInfo

DONE = re.compile(
    r"\b(?:thank(?:s| you)|confirmed|confirmation|booked|placed|sent|submitted|received|scheduled|"
    r"deleted|removed|cancell?ed|saved|modified|updated|(?:been|was|were) changed|moved to|"
    r"success(?:ful(?:ly)?)?|reference|(?:order|booking|"
    r"application|confirmation|case|ticket) (?:number|no\.?|#))\b", re.IGNORECASE)
"""Words a page uses to say a commitment, or a change, went through."""
MAX_LINES = 3
MAX_CHARS = 160
NEAR = 3
"""How far after the first line that says it is done its reference may stand."""
STEP_OF = re.compile(r"\bstep\s+(\d+)\s*(?:of|/)\s*(\d+)\b", re.IGNORECASE)
"""A flow's step as a page's title counts it ("Step 1 of 3: Your information")."""
ASKING_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "listbox"})
HOLDING_ROLES = ASKING_ROLES | {"select"}
"""The fields whose value a sent form may still show: a list's chosen option too."""
MIN_GIVEN = 6
"""The shortest text a task gives that shows the record it made ("Pizza night")."""


def still_asks(title: str, elements: list[ElementInfo]) -> str | None:
    """What a page still asks before a commitment is through: it is a step of a flow that is not the
    last ("Step 1 of 3"), or a field it marks required is empty in a form of two fields or more (a
    newsletter's lone e-mail box under a confirmation asks nothing of the order); None when it asks
    nothing."""
    step = STEP_OF.search(title)
    if step is not None and int(step.group(1)) < int(step.group(2)):
        return f'the page is "{step.group(0)}"'
    empty = [e for e in elements if e.required and not e.disabled and e.role in ASKING_ROLES
             and not (e.value or "").strip() and _fields_of(e.form, elements) >= 2]
    return f'"{" ".join(empty[0].name.split())[:60]}" is required and empty' if empty else None


def confirmation(after: PageText, before: str, toasts: list[str] | None = None) -> list[str]:
    """What says the commit went through: the page's messages in reply (`toasts`) that say so, and the
    page's first new line that says so with the lines just after it that hold a reference ("Thank
    you for your order!", "Order NP-48213"). Lines that were on the page before (`before`: the text
    the model read then) do not count. None when nothing says it was done."""
    said = [t.strip()[:MAX_CHARS] for t in toasts or [] if DONE.search(t)]
    fresh = [t for ln in after.lines if (t := ln.text.strip()) and t not in before]
    first = next((i for i, t in enumerate(fresh) if DONE.search(t)), None)
    if first is None or fresh[first] in said:  # the message itself: what follows is the page's content
        return said
    block = [fresh[first]] + [t for t in fresh[first + 1 : first + 1 + NEAR] if REFERENCE.search(t)]
    if said:  # the message said it; the page adds a reference, when it shows one
        block = [t for t in block if REFERENCE.search(t)]
    return (said + [t[:MAX_CHARS] for t in block if t not in said])[:MAX_LINES]


def record_shown(after: PageText, before: str, title: str, given: tuple[str, ...],
                 elements: list[ElementInfo]) -> list[str]:
    """What shows a new record the task gives the words of was made ("Add a bill 'Pizza night'…"): the
    page's title or its first new line that holds them, while no field of the page still holds them (a
    preview of the form shows them too); [] otherwise."""
    words = [g.strip() for g in given if len(g.strip()) >= MIN_GIVEN]
    held = " ".join(_held(elements)).casefold()
    words = [w for w in words if w.casefold() not in held]
    if not words:
        return []
    shown = [t for t in [title, *(ln.text.strip() for ln in after.lines)] if t and t not in before]
    found = next((t for t in shown if any(w.casefold() in t.casefold() for w in words)), None)
    return [] if found is None else [found[:MAX_CHARS]]


def fields_hold(values: tuple[str, ...], elements: list[ElementInfo]) -> bool:
    """A field of the page still holds one of `values`: the page is the form they were typed into (a
    draft saved, a preview), not the record that holds them."""
    return any(shows_value(h, v) for h in _held(elements) for v in values)


def _held(elements: list[ElementInfo]) -> list[str]:
    """The values the page's fields hold, those that hold one."""
    return [e.value for e in elements if e.role in HOLDING_ROLES and e.value and e.value.strip()]


def _fields_of(form: str | None, elements: list[ElementInfo]) -> int:
    return sum(e.form == form and e.role in ASKING_ROLES for e in elements)


async def ended_asking(session: BrowserSession) -> str | None:
    """What the page the run ended on still asks (`still_asks`), from its last look; None when it asks
    nothing or cannot be looked at."""
    try:
        seen = await session.views.current(session.page)
    except BrowserError:
        return None
    return still_asks(seen.full.title, seen.full.elements)
