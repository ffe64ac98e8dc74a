"""A run stays signed in (`stay_signed_in`).

In a shop's back office, after five calls that found no order, the small model pressed "Log out": the
run's sign-in was lost with the page it stood on, and what was left of the task had to begin again at
the login form. No task needs its session ended unless it says so. While the task does not ask to log
out or sign out, the menu offers no control labelled so ("Log out", "Logout", "Sign out", "Log off", in a
few tongues); the page still shows it.
"""

from __future__ import annotations

from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import joined
from navwright.browser.types import Observation

STAY_SIGNED_IN = "stay_signed_in"
CONTROLS = ("link", "button", "menuitem")
SIGN_OUT = frozenset({"log out", "logout", "log off", "logoff", "sign out", "signout", "sign off",
                      "abmelden", "ausloggen", "se déconnecter", "déconnexion", "cerrar sesión", "salir",
                      "esci", "disconnetti", "uitloggen", "afmelden", "wyloguj", "odhlásit", "выйти"})
"""Labels of a control that ends the session."""
ASKED = ("log out", "logout", "log off", "sign out", "signout", "sign off")
"""What a task says when it asks to end the session."""


def signs_out(label: str) -> bool:
    """A label that says only to end the session ("Log out", "Sign out (ana)" is not one)."""
    said = joined(label)
    return said in SIGN_OUT or said.removesuffix(" now") in SIGN_OUT


def kept_signed_in(intent: TaskIntent, obs: Observation) -> frozenset[str]:
    """Ids of the page's controls that end the session, while the task does not ask to; else none."""
    if any(f" {words} " in f" {intent.joined} " for words in ASKED):
        return frozenset()
    return frozenset(e.id for e in obs.elements if e.role in CONTROLS and signs_out(e.name))
