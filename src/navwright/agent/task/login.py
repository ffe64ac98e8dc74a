"""What a task gives to sign in with ("Log in to the project flat-42 (its password is in {{PASSWORD}})",
"log in at /control/ as office@example.org (the password is in {{PRETIX_PASSWORD}})"), read once
(`TaskIntent.login`): the account is the e-mail or name written after "as", else the one e-mail, or the
one name with a digit, a dot, a dash or an @ ("flat-42"), in the sentence that says to log in; the
password is the secret (`{{NAME}}`) in that sentence. agent/signin.py types them into a login form."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

LOG_IN = re.compile(r"\b(?:log\s*in|sign\s*in|login|signin)\b", re.IGNORECASE)
_SECRET = re.compile(r"\{\{[A-Z0-9_]+\}\}")
_AS = re.compile(r"\bas\s+([^\s,;()]+@[^\s,;()]+|[\w.@+-]+)", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ACCOUNT = re.compile(r"(?<![\w/{])(?=[\w.@-]*[\d.@-])(?=[\w.@-]*[a-z])[a-z0-9][\w.@-]*[a-z0-9](?![\w/}])",
                      re.IGNORECASE)
"""A name made to be an account: letters with a digit, a dot, a dash or an @ ("flat-42", "j.doe")."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class Login:
    """What the task gives to sign in with."""

    account: str
    secret: str
    """The secret's placeholder, `{{NAME}}`: the skill types its value."""


def without_login(text: str) -> str:
    """The text less its sentences about logging in ("Log in to the project flat-42 (its password is in
    {{PASSWORD}})."): what it asks, for a call that judges an answer; the text as it is when nothing
    else is left."""
    kept = [s for s in _SENTENCE_END.split(text) if not _signs_in(s)]
    return " ".join(kept).strip() or text


def _signs_in(sentence: str) -> bool:
    return LOG_IN.search(sentence) is not None and len(_SECRET.findall(sentence)) == 1


@lru_cache(maxsize=64)
def login_in(task: str) -> Login | None:
    """The account and the secret the task's sentence about logging in gives, else None (read once per
    text: the navigator asks it of the same request at every call)."""
    for sentence in _SENTENCE_END.split(task):
        if not _signs_in(sentence):
            continue
        secrets = _SECRET.findall(sentence)
        plain = _SECRET.sub(" ", sentence)
        after_as = _AS.search(plain)
        if after_as is not None:
            return Login(after_as.group(1).rstrip("."), secrets[0])
        emails = _EMAIL.findall(plain)
        accounts = emails or [a for a in _ACCOUNT.findall(plain) if not a.startswith("/")]
        if len(set(accounts)) == 1:
            return Login(accounts[0], secrets[0])
    return None
