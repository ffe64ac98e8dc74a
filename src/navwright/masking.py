"""Secrets: the model sees `{{NAME}}`; values are masked in everything that leaves a run.

A value is masked in every form it can take on the way through a URL, a form body, a page or a JSON
document: as typed, URL-encoded (`quote`, `quote_plus`, upper or lower hex), HTML-escaped (named or
numeric entities), JSON-escaped, each of these inside another and mixed (`navwright.decoded`), and
in base64 or base64url (also where the value sits inside a longer encoded string, as in HTTP Basic
credentials). The text is decoded, not the values encoded: one Aho-Corasick automaton holds every
value (and its base64 forms), so the cost of masking grows with the text, not with the number of
secrets. Masking works on typed values (an event's or a result's text fields), never on serialized
JSON, so it cannot break structure. A short value (under 4 characters) is masked only where it
stands as a whole token, so `PW=e` does not eat every "e" of the page.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any, Literal, TypeVar, get_args, get_origin

import ahocorasick
from pydantic import BaseModel

from navwright.decoded import Layer, canonical, layers

M = TypeVar("M", bound=BaseModel)
Mask = Callable[[str], str]

SHORT = 4
"""Values shorter than this are masked only as whole tokens (and never in base64)."""
KEEP = frozenset({"type", "run_id", "action", "does"})
"""Fields that name navwright's own things (what an event is, its run, a skill and what it does):
never masked."""
URLSAFE = str.maketrans("+/", "-_")
Span = tuple[int, int, str]
"""Where a value stands in the original text (start, end) and the secret's name."""


def base64_forms(value: str) -> set[str]:
    """What `value` (as UTF-8) looks like in base64 and base64url: whole, or at any of the three byte
    offsets inside a longer encoded string (the characters that depend on the value alone)."""
    data = value.encode()
    forms: set[str] = set()
    for offset in range(3):
        encoded = base64.b64encode(bytes(offset) + data).decode("ascii")
        core = encoded[-(-8 * offset // 6) : 8 * (offset + len(data)) // 6]
        if len(core) >= SHORT:
            forms |= {core, core.translate(URLSAFE)}
    return forms


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


def decoded_forms(value: str) -> list[str]:
    """`value` as each layer of a text holding it reads (`navwright.decoded`): a value that itself
    holds something that looks encoded (`a\\b`, `%3b`) is decoded there with the rest."""
    return [layer.text for layer in layers(value)]


class Finder:
    """One Aho-Corasick automaton over the forms of every value (as `canonical` writes them)."""

    def __init__(self, patterns: Iterable[tuple[str, str]]) -> None:
        self._automaton = ahocorasick.Automaton()
        for pattern, name in patterns:
            if pattern and pattern not in self._automaton:  # the first name of a value wins
                self._automaton.add_word(pattern, (len(pattern), name))
        self.empty = len(self._automaton) == 0
        if not self.empty:
            self._automaton.make_automaton()

    def spans(self, layer: Layer, *, whole: bool = False) -> Iterator[Span]:
        """Every match in `layer`, as a span of the original text; `whole`: only whole tokens."""
        if self.empty:
            return
        for end, (length, name) in self._automaton.iter(layer.text):
            start = end - length + 1
            if whole and not _alone(layer.text, start, end):
                continue
            first, last = layer.span(start, end)
            yield first, last, name


def _alone(text: str, start: int, end: int) -> bool:
    """No letter or digit touches text[start..end] (inclusive) on either side."""
    before = text[start - 1] if start > 0 else " "
    after = text[end + 1] if end + 1 < len(text) else " "
    return not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum())


def replace_spans(text: str, spans: Iterable[Span]) -> str:
    """`text` with each span replaced by `{{NAME}}`: leftmost first, the longest of those that start
    together; a span overlapping one already replaced is skipped."""
    out: list[str] = []
    at = 0
    for start, end, name in sorted(spans, key=lambda s: (s[0], -s[1])):
        if start < at:
            continue
        out += [text[at:start], "{{" + name + "}}"]
        at = end
    return "".join(out) + text[at:] if out else text


class Masker:
    """The one masking function: for what a model reads, events, results and the store."""

    def __init__(self, secrets: Mapping[str, str] | None = None) -> None:
        self._items = [(name, value) for name, value in (secrets or {}).items() if value]
        long = [(n, v) for n, v in self._items if len(v) >= SHORT]
        forms = [(form, n) for n, v in long for form in decoded_forms(v)]
        forms += [(canonical(form), n) for n, v in long for form in sorted(base64_forms(v))]
        self._long = Finder(forms)
        self._short = Finder((form, n) for n, v in self._items if len(v) < SHORT for form in decoded_forms(v))

    @property
    def names(self) -> list[str]:
        return sorted(name for name, _ in self._items)

    def text(self, text: str) -> str:
        if not self._items or not text:
            return text
        return replace_spans(text, self._spans(text))

    def _spans(self, text: str) -> Iterator[Span]:
        for layer in layers(text):
            yield from self._long.spans(layer)
            yield from self._short.spans(layer, whole=True)

    def tree(self, value: Any) -> Any:
        """Mask every string inside a JSON-like value."""
        return mask_tree(value, self.text) if self._items else value

    def model(self, value: M) -> M:
        """`value` (an event, a result) with every text inside it masked (see `mask_model`)."""
        return mask_model(value, self.text) if self._items else value


@lru_cache(maxsize=32)
def _cached(pairs: frozenset[tuple[str, str]]) -> Masker:
    return Masker(dict(pairs))


def masker_for(secrets: Mapping[str, str]) -> Masker:
    """The Masker of `secrets`, built once per set of secrets (a browser masks every action's result)."""
    return _cached(frozenset(secrets.items()))
