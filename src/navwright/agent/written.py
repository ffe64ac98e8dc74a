"""Values typed as the person wrote them: a small model copies "action movies" from the task as
"Action", and a page that compares what was typed ("action") takes it for another value; told to
"forward that email to Hedy", it types "hedy@example.com", an address nobody gave (a mail client finds
the contact from the name as written; a made-up address mails a stranger)."""

from __future__ import annotations

import re

from pydantic import BaseModel


def as_written(value: str, source: str) -> str:
    """`value` as `source` writes it, when the model only capitalised the first letters of words
    `source` says ("Action" for "action"); a text put in upper or lower case on purpose ("AGUSTINA" for
    'type "agustina" in all upper case letters') stays."""
    value = value.strip()
    if len(value) < 2 or value in source:
        return value
    for m in re.finditer(rf"(?<!\w){re.escape(value)}(?!\w)", source, re.IGNORECASE):
        if _capitalised(m.group(0)) == value:
            return m.group(0)
    return value


def _capitalised(text: str) -> str:
    return re.sub(r"\b\w", lambda c: c.group(0).upper(), text)


ADDRESS = re.compile(r"([\w.+-]+)@[\w-]+(?:\.[\w-]+)*")


def unmade(value: str, source: str) -> str:
    """For an email address alone that `source` does not show, built from a name `source` says
    ("hedy@example.com" for "Hedy"): that name as written; else `value`."""
    m = ADDRESS.fullmatch(value.strip())
    if m is None or value.strip().casefold() in source.casefold():
        return value
    first = re.split(r"[._+-]", m.group(1))[0]
    said = re.search(rf"(?<!\w){re.escape(first)}(?!\w)", source, re.IGNORECASE) if len(first) >= 2 else None
    return said.group(0) if said else value


def typed_as_written(actions: list[BaseModel], source: str) -> list[BaseModel]:
    """The batch with each typed text as `source` (the task and the page) writes it."""
    out: list[BaseModel] = []
    for action in actions:
        text = getattr(action, "text", None)
        if isinstance(text, str) and (written := as_written(unmade(text, source), source)) != text.strip():
            action = action.model_copy(update={"text": written})
        out.append(action)
    return out
