"""The section of a site the task is about: what a person does first on an application they do not know.
Asked about "open tickets", they open "View Tickets"; asked to file a new defect, "New Ticket"; asked to
send a message through the contact form, "Contact". Code picks the one link whose label is made of the
task's own words (less a few words every menu uses: "view", "all", "my"), or, for a task that makes a new
record, the page's one link that starts a new one ("New Ticket", "Add bill").

Only on a site's page (eight links or more), at the first look of a step, when no link the task's words
name fits better, never to the page already open.
"""

from __future__ import annotations

from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import STOP, letters
from navwright.browser.types import ElementInfo, Observation

MIN_LINKS = 8
"""A page with fewer links is a widget or a form, not a site's page with a menu."""
MENU_WORDS = frozenset({"view", "all", "my", "list", "browse", "show", "the", "a", "an", "your", "our", "of",
                        "and", "new", "add", "create", "manage", "see"})
"""Words a menu's labels put around the name of the section."""
NEW_WORDS = ("new", "add", "create")
"""The first word of a link that starts a new record."""
_STOP = STOP | {"tell", "give"}
"""Function words, and the verbs a question asks with ("tell me", "give me"): not a section's name."""


def section_link(intent: TaskIntent, obs: Observation) -> str | None:
    """The id of the link to the section of the site the task is about, else None."""
    shown = [e for e in obs.elements if e.role == "link" and e.name.strip() and not e.disabled]
    if len(shown) < MIN_LINKS:  # the menu's link to the page open counts: it is the site's menu
        return None
    links = [e for e in shown if not _here(e, obs.url)]
    asked = {_stem(w) for w in intent.leading() if w not in _STOP} - {_stem(w) for w in letters(obs.title)}
    makes = intent.makes_new
    fitting = [e for e in links if _names_section(e, asked) and _starts_new(e) == makes]
    if not fitting and makes:  # "New Ticket" for a new defect: the one link that starts a new record
        fitting = [e for e in links if _starts_new(e) and len(set(letters(e.name)) - MENU_WORDS) <= 2]
    return fitting[0].id if len({_label(e) for e in fitting}) == 1 else None


def _starts_new(link: ElementInfo) -> bool:
    return letters(link.name)[:1] in ([w] for w in NEW_WORDS)


def _names_section(link: ElementInfo, asked: set[str]) -> bool:
    """The label's words that are not a menu's are one to three, each a word of the task ("Add a new
    bill": bill)."""
    own = [w for w in letters(link.name) if w not in MENU_WORDS]
    return 0 < len(own) <= 3 and all(len(w) > 3 and _stem(w) in asked for w in own)


def _here(link: ElementInfo, url: str) -> bool:
    return link.href is not None and link.href.rstrip("/") == url.rstrip("/")


def _label(link: ElementInfo) -> str:
    return " ".join(letters(link.name))


def _stem(word: str) -> str:
    """A word without its plural or verb ending: "tickets" -> "ticket", "contacts" -> "contact"."""
    for end in ("ies", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 4:
            return word[: -len(end)] + ("y" if end == "ies" else "")
    return word
