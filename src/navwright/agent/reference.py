"""The reference look-up: what a person does with a booking reference, an order or an application
number on a site they do not know. When the task gives such a reference ("My booking reference is
QX7P2L", "my application LF-PP-2026-00871") and the page has no field to take it (a home page's flight
search), they open the site's link to where such things are looked up ("My trips", "Manage booking",
"Track your order", "Check application status"). There the form procedure types the reference and the
rest the task gives (a last name, a postcode) and sends it; the reader reads the page that comes back.

Code makes the click, once per step, with no model decision.
"""

from __future__ import annotations

import re

from navwright.agent.actions import FIELD_ROLES, is_search_box
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import words
from navwright.browser.types import ElementInfo, Observation

PLACES = frozenset({"trip", "trips", "booking", "bookings", "reservation", "reservations", "manage",
                    "status", "track", "tracking", "order", "orders", "application", "applications",
                    "retrieve", "find", "check", "parcel", "lookup"})
"""Words of the links to where a reference is looked up."""
_FIELD = re.compile(r"\b(?:reference|booking|confirmation|number|code|application|order|tracking|"
                    r"ticket|case|claim|id)\b", re.IGNORECASE)


def takes_reference(obs: Observation) -> bool:
    """The page has a field a reference is typed into ("Booking reference", "Application number")."""
    return any(_field_for_reference(e) for e in obs.elements)


def _field_for_reference(e: ElementInfo) -> bool:
    label = f"{e.name} {e.placeholder or ''}"
    return e.role in FIELD_ROLES and not is_search_box(e) and bool(_FIELD.search(label))


def reference_link(intent: TaskIntent, obs: Observation) -> str | None:
    """The id of the link to where the task's reference is looked up: the most words of PLACES in its
    name (the task's own words break a tie), none when no link has one."""
    asked = intent.words
    best, score = None, 0
    for e in obs.elements:
        if e.role != "link" or not e.name or e.disabled:
            continue
        said = words(e.name)
        places = sum(w in PLACES for w in said)
        points = 2 * places + sum(w in asked for w in said) if places else 0
        if points > score:
            best, score = e.id, points
    return best
