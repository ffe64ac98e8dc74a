"""What a person reads after pressing the button that commits (Place order, Book and pay, Send): the
page's new lines that say it was done ("Thank you for your order", "Booking reference QX7P2L",
"Message sent"). Those lines end the step as its answer and evidence: the task's state is checked on
the page, not taken from the model's word, and no further click (a "Keep shopping" link) leaves it.
"""

from __future__ import annotations

import re

from navwright.agent.reference import REFERENCE
from navwright.browser.skills.find import PageText

DONE = re.compile(
    r"\b(?:thank(?:s| you)|confirmed|confirmation|booked|placed|sent|submitted|received|scheduled|"
    r"deleted|removed|cancell?ed|saved|moved to|success(?:ful(?:ly)?)?|reference|(?:order|booking|"
    r"application|confirmation|case|ticket) (?:number|no\.?|#))\b", re.IGNORECASE)
"""Words a page uses to say a commitment went through."""
MAX_LINES = 3
MAX_CHARS = 160
NEAR = 3
"""How far after the first line that says it is done its reference may stand."""


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
