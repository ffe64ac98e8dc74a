"""Text as a URL, a page's markup or a JSON document may have encoded it, decoded, with a map back.

`layers(text)` gives the text as it stands, then decoded once, then twice: URL escapes (`%XX`, UTF-8
runs of them), HTML character references (`&amp;`, `&#64;`, `&#x40;`) and JSON string escapes
(`\\"`, `\\u0040`), mixed freely. Each layer knows, for every one of its characters, the span of the
original text it came from, so a value found in a decoded layer is replaced where it stands in the
original. In every layer `+` reads as a space (a form's `quote_plus` writes a space as `+`): whoever
searches a layer writes what it looks for the same way (`canonical`).
"""

from __future__ import annotations

import codecs
import html
import json
import re
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

DEPTH = 2
"""Encodings inside encodings, as deep as this (`%2540` is `@` URL-encoded twice)."""
ENCODED = re.compile(
    r"(?:%[0-9A-Fa-f]{2})+"
    r"|&(?:#[0-9]{1,7};?|#[xX][0-9A-Fa-f]{1,6};?|[A-Za-z][A-Za-z0-9]{1,31};)"
    r"|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
    r"|\\(?:u[0-9A-Fa-f]{4}|[\"\\/bfnrt])"
)
MARKS = ("%", "&", "\\")
"""A text with none of these has nothing to decode."""


def canonical(text: str) -> str:
    return text.replace("+", " ")


@dataclass(frozen=True)
class Layer:
    text: str
    starts: Sequence[int]
    """Where each character of `text` begins in the original text."""
    ends: Sequence[int]
    """Where it ends there (exclusive)."""

    def span(self, first: int, last: int) -> tuple[int, int]:
        """The original text's span of this layer's characters first..last (inclusive)."""
        return self.starts[first], self.ends[last]


def layers(text: str, depth: int = DEPTH) -> Iterator[Layer]:
    """The text as it stands, then decoded up to `depth` times (only while something is encoded)."""
    layer = Layer(canonical(text), range(len(text)), range(1, len(text) + 1))
    yield layer
    for _ in range(depth):
        if not any(mark in layer.text for mark in MARKS):
            return
        found = decode(layer)
        if found is None:
            return
        layer = found
        yield layer


def decode(layer: Layer) -> Layer | None:
    """`layer` with every encoded character decoded once; None when nothing was."""
    text = layer.text
    pieces: list[str] = []
    starts, ends = array("q"), array("q")
    at = 0
    for match in ENCODED.finditer(text):
        a, b = match.span()
        pieces.append(text[at:a])
        starts.extend(layer.starts[at:a])
        ends.extend(layer.ends[at:a])
        for char, i, j in _characters(match.group()):
            pieces.append(char)
            starts.append(layer.starts[a + i])
            ends.append(layer.ends[a + j - 1])
        at = b
    if at == 0:
        return None
    pieces.append(text[at:])
    starts.extend(layer.starts[at:])
    ends.extend(layer.ends[at:])
    return Layer(canonical("".join(pieces)), starts, ends)


@lru_cache(maxsize=4096)
def _characters(token: str) -> tuple[tuple[str, int, int], ...]:
    """The characters an encoded token stands for, each with its span inside the token."""
    if token[0] == "%":
        return tuple(_utf8(token))
    decoded = html.unescape(token) if token[0] == "&" else _json(token)
    if decoded == token:
        return tuple((c, i, i + 1) for i, c in enumerate(token))
    return tuple((c, 0, len(token)) for c in decoded)


def _json(token: str) -> str:
    try:
        value = json.loads(f'"{token}"')
    except ValueError:
        return token
    return value if isinstance(value, str) else token


def _utf8(token: str) -> list[tuple[str, int, int]]:
    """A run of `%XX` as UTF-8 (a byte that is not UTF-8 reads as U+FFFD)."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    out: list[tuple[str, int, int]] = []
    begun = 0
    for k in range(0, len(token), 3):
        chars = decoder.decode(bytes([int(token[k + 1 : k + 3], 16)]))
        out.extend((c, begun, k + 3) for c in chars)
        begun = k + 3 if chars else begun
    out.extend((c, begun, len(token)) for c in decoder.decode(b"", final=True))
    return out
