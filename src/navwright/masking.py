"""Secrets: the model sees `{{NAME}}`; values are masked in everything that leaves a run.

A value is masked in every form it can take on the way through a URL, a form body, a page or a JSON
document: as typed, URL-encoded (`quote`, `quote_plus`, upper or lower hex), HTML-escaped (named or
numeric entities), JSON-escaped, and each of these inside another. Masking works on typed values
(an event's or a result's text fields), never on serialized JSON, so it cannot break structure. A short value
(under 4 characters) is masked only where it stands as a whole token, so `PW=e` does not eat every
"e" of the page.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Literal, TypeVar, get_args, get_origin
from urllib.parse import quote, quote_plus

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Mask = Callable[[str], str]

SHORT = 4
"""Values shorter than this are masked only as whole tokens."""
KEEP = frozenset({"type", "run_id", "action", "does"})
"""Fields that name navwright's own things (what an event is, its run, a skill and what it does):
never masked."""
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


def mask_tree(value: Any, mask: Mask) -> Any:
    """`mask` applied to every string inside a JSON-like value; keys are field names (kept), and so are
    the `KEEP` fields that name navwright's own things."""
    if isinstance(value, str):
        return mask(value)
    if isinstance(value, dict):
        return {k: v if k in KEEP else mask_tree(v, mask) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [mask_tree(v, mask) for v in value]
    return value


def mask_model(value: M, mask: Mask) -> M:
    """`value` with `mask` applied to its text only: `KEEP` fields and fields that hold one of a fixed
    set of words (a Literal kind) keep their values, so a short secret ("e") never breaks its types."""
    fields = type(value).model_fields
    update = {name: _masked(getattr(value, name), mask) for name, info in fields.items()
              if name not in KEEP and not _is_kind(info.annotation)}
    return value.model_copy(update=update)


def _masked(value: Any, mask: Mask) -> Any:
    if isinstance(value, BaseModel):
        return mask_model(value, mask)
    if isinstance(value, list):
        return [_masked(v, mask) for v in value]
    if isinstance(value, dict):
        return {k: v if k in KEEP else _masked(v, mask) for k, v in value.items()}
    return mask_tree(value, mask)


def _is_kind(annotation: Any) -> bool:
    """A field that holds one of a fixed set of words (a Literal, or a Literal or None)."""
    if get_origin(annotation) is Literal:
        return True
    return any(get_origin(a) is Literal for a in get_args(annotation))


class Masker:
    """The one masking function: for what a model reads, events, results and the store."""

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
        """Mask every string inside a JSON-like value."""
        return value if self._pattern is None else mask_tree(value, self.text)

    def model(self, value: M) -> M:
        """`value` (an event, a result) with every text inside it masked (see `mask_model`)."""
        return value if self._pattern is None else mask_model(value, self.text)


@lru_cache(maxsize=32)
def _cached(pairs: frozenset[tuple[str, str]]) -> Masker:
    return Masker(dict(pairs))


def masker_for(secrets: Mapping[str, str]) -> Masker:
    """The Masker of `secrets`, built once per set of secrets (a browser masks every action's result)."""
    return _cached(frozenset(secrets.items()))
