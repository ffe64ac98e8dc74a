"""Secrets: the model sees `{{NAME}}`; values are masked in everything the agent emits.

A value is masked in every form it can take on the way through a URL, a form body, a page or a JSON
document: as typed, URL-encoded (`quote`, `quote_plus`, upper or lower hex), HTML-escaped (named or
numeric entities), JSON-escaped, and each of these inside another. Masking works on typed values
(an event's string fields), never on serialized JSON, so it cannot break structure. A short value
(under 4 characters) is masked only where it stands as a whole token, so `PW=e` does not eat every
"e" of the page.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import quote, quote_plus

from pydantic import BaseModel, ValidationError

from navwright.agent.events import Event

M = TypeVar("M", bound=BaseModel)

SHORT = 4
"""Values shorter than this are masked only as whole tokens."""
KEEP_KEYS = frozenset({"type", "run_id"})
"""Event fields that say what an event is, never masked."""
_HEX = re.compile(r"%[0-9A-F]{2}")


def _lower_hex(text: str) -> str:
    return _HEX.sub(lambda m: m.group(0).lower(), text)


def _entities(text: str, fmt: str) -> str:
    return "".join(c if c.isascii() and c.isalnum() else fmt.format(ord(c)) for c in text)


ENCODINGS: tuple[Callable[[str], str], ...] = (
    lambda v: quote(v, safe=""),
    lambda v: quote(v, safe="/"),
    lambda v: quote(v, safe="!'()*"),  # JavaScript's encodeURIComponent
    lambda v: quote(v, safe="/:@!$&'()*+,;="),  # what a browser leaves in a path
    lambda v: quote_plus(v, safe=""),
    lambda v: quote_plus(v, safe="*"),  # an HTML form's application/x-www-form-urlencoded
    lambda v: _lower_hex(quote(v, safe="")),
    lambda v: _lower_hex(quote_plus(v, safe="")),
    lambda v: html.escape(v, quote=True),
    lambda v: html.escape(v, quote=False),
    lambda v: html.escape(v, quote=True).replace("&#x27;", "&#39;"),
    lambda v: _entities(v, "&#{};"),
    lambda v: _entities(v, "&#x{:x};"),
    lambda v: json.dumps(v)[1:-1],
    lambda v: json.dumps(v, ensure_ascii=False)[1:-1],
)


def forms_of(char: str, depth: int = 2) -> set[str]:
    """`char` and every encoding of it, and encodings of those, `depth` levels deep.

    Every encoding above works character by character, so a value's forms are the sequences of its
    characters' forms: mixed forms (`p&#64;ss&amp;`) are caught too.
    """
    forms = {char}
    for _ in range(depth):
        forms |= {encode(form) for form in forms for encode in ENCODINGS}
    return forms


def value_pattern(value: str) -> str:
    """A regular expression matching `value` in any of its forms."""
    parts = []
    for char in value:
        forms = sorted(forms_of(char), key=lambda f: (-len(f), f))
        alternatives = "|".join(re.escape(f) for f in forms)
        parts.append(f"(?:{alternatives})" if len(forms) > 1 else re.escape(char))
    body = "".join(parts)
    if len(value) < SHORT:
        body = rf"(?<![A-Za-z0-9]){body}(?![A-Za-z0-9])"
    return body


class Masker:
    """One masking function for events, prompt text and results."""

    def __init__(self, secrets: Mapping[str, str] | None = None) -> None:
        items = [(name, value) for name, value in (secrets or {}).items() if value]
        self._items = sorted(items, key=lambda item: len(item[1]), reverse=True)
        self._pattern = (
            re.compile("|".join(f"(?P<s{i}>{value_pattern(v)})" for i, (_, v) in enumerate(self._items)))
            if self._items
            else None
        )

    @property
    def names(self) -> list[str]:
        return sorted(name for name, _ in self._items)

    def text(self, text: str) -> str:
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(lambda m: "{{" + self._items[int(str(m.lastgroup)[1:])][0] + "}}", text)

    def tree(self, value: Any) -> Any:
        """Mask every string inside a JSON-like value; keys and `KEEP_KEYS` fields are kept."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: v if k in KEEP_KEYS else self.tree(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.tree(v) for v in value]
        return value

    def model(self, value: M) -> M:
        """`value` (an event, a result) with every string inside it masked; a typed field that the
        mask would make invalid keeps its value."""
        if self._pattern is None:
            return value
        data = value.model_dump(mode="json")
        masked = self.tree(data)
        kind = type(value)
        try:
            return kind.model_validate(masked)
        except ValidationError:
            return self._field_by_field(kind, data, masked)

    def event(self, event: Event) -> Event:
        return self.model(event)

    @staticmethod
    def _field_by_field(kind: type[M], data: dict[str, Any], masked: dict[str, Any]) -> M:
        """Keep each masked field that still validates (a typed field the mask would break stays)."""
        out = dict(data)
        for key, value in masked.items():
            trial = {**out, key: value}
            try:
                kind.model_validate(trial)
            except ValidationError:
                continue
            out = trial
        return kind.model_validate(out)
