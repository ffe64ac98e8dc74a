"""The last page of a form the person asked to send: what a person does on "Check your answers" after
filling the pages before it. Nothing is left to fill, and one button sends what they asked for ("Submit
application", "Place order"): press it. The confirmation policy still judges the click (the person
approves it, or `--yes` does when their request covers it).

For an action, once per step, after code filled a form in this step, on a page with no field to fill
and exactly one button whose words commit what the request commands. Code makes the click, with no model
decision.
"""

from __future__ import annotations

from navwright.agent.actions import FIELD_ROLES, is_search_box
from navwright.agent.policy import PersonRequest, commits_requested
from navwright.agent.settings import ConfirmPolicy
from navwright.browser.types import Observation

BUTTONS = frozenset({"button", "submit"})


def send_button(obs: Observation, policy: ConfirmPolicy, person: PersonRequest) -> str | None:
    """The id of the review page's one button that commits what the person asked, else None."""
    if any(e.role in FIELD_ROLES and not is_search_box(e) and not e.disabled for e in obs.elements):
        return None  # a form still to fill: the form procedure or the navigator does it
    found = [e for e in obs.elements
             if e.role in BUTTONS and not e.disabled and commits_requested(e, obs, policy, person)]
    return found[0].id if len(found) == 1 else None
