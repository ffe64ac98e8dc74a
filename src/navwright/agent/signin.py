"""Signing in with what the task gives: "Log in to the project flat-42 (its password is in {{PASSWORD}})",
"log in at /control/ as office@example.org (the password is in {{PRETIX_PASSWORD}})". On a page whose
form asks a password, code types the account the task names into the form's one name field, the secret
into its password field, and presses its button: what a person does, with no model decision.

The account is the e-mail or name written after "as", else the one e-mail, or the one name with a digit,
a dot, a dash or an @ ("flat-42"), in the sentence that says to log in; the password is the secret
(`{{NAME}}`) in that sentence (read once: agent/task/login.py, `TaskIntent.login`). Nothing is typed
that the task does not give.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.actions import TEXT_ROLES
from navwright.agent.task.login import LOG_IN
from navwright.browser.types import ElementInfo, Observation

_BUTTON = re.compile(r"\b(?:log\s*in|sign\s*in|login|signin|continue|submit|enter|go|next)\b", re.IGNORECASE)
_NAME_FIELD = ("textbox", "combobox")
_NAME_TYPES = ("text", "email", "username")


@dataclass(frozen=True)
class LoginForm:
    """A form that asks a password: its name field (if any), its password field, its button."""

    name: ElementInfo | None
    password: ElementInfo
    button: ElementInfo | None


def login_form(obs: Observation) -> LoginForm | None:
    """The page's form that asks one password to sign in (its button says so, when the page has other
    forms with a password: "Create a new project"), else None."""
    forms = [f for p in obs.elements if (f := _form_of(p, obs)) is not None]
    signing = [f for f in forms if f.button is not None and LOG_IN.search(f.button.name)]
    return signing[0] if len(signing) == 1 else forms[0] if len(forms) == 1 else None


def signs_in(form: str | None, obs: Observation) -> bool:
    """The page's form `form` asks one password and at most one name: it signs in (whatever its button
    says, "submit"); it changes nothing the site holds (a sign-up asks more)."""
    return bool(form) and any(p.form == form and _form_of(p, obs) is not None for p in obs.elements)


def _form_of(password: ElementInfo, obs: Observation) -> LoginForm | None:
    """The form around a password field, when it asks only that and one name (not a sign-up's e-mail,
    name and password twice)."""
    if not (password.input_type or "").startswith("password") or password.disabled:
        return None
    mine = [e for e in obs.elements if e.form == password.form and e.id != password.id and not e.disabled]
    if any((e.input_type or "").startswith("password") for e in mine) or \
            sum(e.role in TEXT_ROLES for e in mine) > 1:  # a sign-up: a name, an e-mail, the password twice
        return None
    names = [e for e in mine if e.role in _NAME_FIELD and (e.input_type or "text") in _NAME_TYPES]
    buttons = [e for e in mine if e.role == "button"]
    button = next((b for b in buttons if _BUTTON.search(b.name)), buttons[0] if len(buttons) == 1 else None)
    return LoginForm(names[0] if len(names) == 1 else None, password, button)
