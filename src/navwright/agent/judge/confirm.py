"""A link whose words change something ("Mark as paid", "Delete", "Cancel order") opens, on most sites, a
page that asks to confirm: a form whose button says the change again or says yes ("Mark as paid",
"Yes, I'm sure"). Following the link changed nothing yet (a link only fetches a page); the change is
that button's. A finish "done" before it is pressed is turned back (`finish_confirmed` in
agent/judge/finish.py), and a finish written in the same batch as the link, before its page was seen,
waits for a look (agent/ending.py)."""

from __future__ import annotations

from navwright.agent.history import Did, Entry
from navwright.agent.signin import signs_in
from navwright.agent.vetoes import CHANGE_WORDS, has_word, label_changes, search_form
from navwright.browser.types import ActionResult, ElementInfo, Observation

YES_WORDS = ("yes", "confirm", "i'm sure", "i am sure", "proceed")
"""Words of a button that confirms what the page before asked ("Yes, I'm sure", "Confirm")."""


def change_link(done: list[Entry], last: ActionResult | None) -> ElementInfo | None:
    """The link with change words that the step's last action clicked, when it opened a new page (the
    notes written since, such as a finish turned back, are no actions)."""
    entry = next((e for e in reversed(done) if isinstance(e, Did)), None)
    if not isinstance(entry, Did) or entry.pressed is None or last is None or not last.navigated:
        return None
    link = entry.pressed
    return link if link.role == "link" and _changes(link.name) else None


def confirm_left(done: list[Entry], last: ActionResult | None, obs: Observation) -> ElementInfo | None:
    """The button of the page a change link opened that confirms the link's change, not pressed yet."""
    link = change_link(done, last)
    if link is None:
        return None
    asked = _changes(link.name)
    return next((b for b in obs.elements if b.role in ("button", "submit") and b.form and not b.disabled
                 and _confirms(b, asked, obs)), None)


def _changes(label: str) -> set[str]:
    return {w for w in CHANGE_WORDS if has_word(label.lower(), (w,))}


def _confirms(button: ElementInfo, asked: set[str], obs: Observation) -> bool:
    """The button says the link's change again ("Mark as paid"), or yes to it ("Yes, I'm sure")."""
    label = button.name.lower()
    if _changes(label) & asked:
        return label_changes(label, button, obs)
    return has_word(label, YES_WORDS) and not (search_form(button, obs) or signs_in(button.form, obs))
