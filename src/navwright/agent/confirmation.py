"""What a person reads after pressing the button that commits (Place order, Book and pay, Send): the
page's new lines that say it was done ("Thank you for your order", "Booking reference QX7P2L",
"Message sent"). Those lines end the step as its answer and evidence: the task's state is checked on
the page, not taken from the model's word, and no further click (a "Keep shopping" link) leaves it.
"""

from __future__ import annotations

import re

from navwright.browser.skills.find import PageText

DONE = re.compile(
    r"\b(?:thank(?:s| you)|confirmed|confirmation|booked|placed|sent|submitted|received|scheduled|"
    r"deleted|removed|cancell?ed|saved|moved to|success(?:ful(?:ly)?)?|reference|(?:order|booking|"
    r"application|confirmation|case|ticket) (?:number|no\.?|#))\b", re.IGNORECASE)
"""Words a page uses to say a commitment went through."""
CODE = re.compile(r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9](?:[A-Z0-9-]{3,}[A-Z0-9])\b")
"""A reference code: capitals and digits together ("NP-48213", "QX7P2L", "LF-PP-2026-00871")."""
MAX_LINES = 3
MAX_CHARS = 160


def confirmation(after: PageText, before: str) -> list[str]:
    """The lines of the page after a commit that say it was done and were not on the page before it
    (`before`: the text the model read then); none when no new line says so."""
    fresh = [ln.text.strip() for ln in after.lines if ln.text.strip() and ln.text.strip() not in before]
    saying = [t for t in fresh if DONE.search(t) or CODE.search(t)]
    if not any(DONE.search(t) for t in saying):
        return []
    return [t[:MAX_CHARS] for t in saying[:MAX_LINES]]
