"""Credentials the person wrote into the task itself ("log in with password hunter2", "my card is
4111 1111 1111 1111, CVC 123"): handled like `--secret` values, so the model sees `{{TASK_PASSWORD}}` and
no prompt, event, store row, memory entry or export holds the value.

Only values the task marks by a credential word (password, passcode, PIN, CVC/CVV, security code,
one-time or verification code) and card numbers that pass the Luhn check are taken; a user name or an
e-mail address is not a secret.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_MARKED = re.compile(
    r"\b(?P<kind>password|passcode|passphrase|pin(?:\s+code)?|cvc|cvv|cvc2|security\s+code|"
    r"one[-\s]time\s+(?:code|password)|otp|verification\s+code|2fa\s+code)"
    r"(?:\s+(?:is|of|=|:))?\s*[:=]?\s*[\"'“‘]?(?P<value>[^\s\"'”’,;]{3,64})",
    re.IGNORECASE,
)
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_NAMES = {"password": "PASSWORD", "passcode": "PASSWORD", "passphrase": "PASSWORD", "pin": "PIN",
          "cvc": "CVC", "cvv": "CVC", "cvc2": "CVC", "security": "CVC", "one": "ONE_TIME_CODE",
          "otp": "ONE_TIME_CODE", "verification": "ONE_TIME_CODE", "2fa": "ONE_TIME_CODE"}
_NOT_VALUES = frozenset({"field", "box", "and", "for", "with", "the", "from", "that", "which", "you",
                         "reset", "page", "form", "here", "there", "again", "below", "above", "given"})
"""Words that follow a credential word without being its value ("the password field", "password and
user name")."""


def task_credentials(task: str, known: Mapping[str, str] | None = None) -> dict[str, str]:
    """NAME -> value for each credential the task text gives that `known` (the run's secrets) lacks."""
    known = known or {}
    found: dict[str, str] = {}
    values = set(known.values())
    for match in _MARKED.finditer(task):
        value = match.group("value").rstrip(".!?)")
        if value.lower() in _NOT_VALUES or value in values or not _plausible(value):
            continue
        _put(found, "TASK_" + _NAMES[match.group("kind").split()[0].split("-")[0].lower()], value)
        values.add(value)
    for match in _CARD.finditer(task):
        digits = re.sub(r"\D", "", match.group(0))
        if 13 <= len(digits) <= 19 and _luhn(digits) and match.group(0) not in values:
            _put(found, "TASK_CARD_NUMBER", match.group(0))
            values.add(match.group(0))
    return {name: value for name, value in found.items() if name not in known}


def _plausible(value: str) -> bool:
    """A password or a code has a digit, a symbol or a capital, or is a single unusual word; plain words
    of a sentence ("password reset") were already left out."""
    return any(not c.isalpha() or c.isupper() for c in value) or len(value) >= 6


def _put(found: dict[str, str], name: str, value: str) -> None:
    n, key = 1, name
    while key in found:
        n += 1
        key = f"{name}_{n}"
    found[key] = value


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0
