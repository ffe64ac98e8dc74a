"""What stands of an answer cut at `max_tokens` before its JSON closed.

The 1.5B model sometimes writes past its token limit (a long text typed, the same action again and
again), and the whole answer was thrown away: one call of 20-30 s lost, a second one asked for. What it
wrote whole before the cut is kept instead: the answer is cut back to the last whole item of a list (an
action of the navigator's batch) and closed, and it stands when it fits the schema.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)
_CLOSES = {"{": "}", "[": "]"}


def cuts(text: str) -> list[str]:
    """The closed forms of `text` cut back to whole items of a list, longest first: after each item
    that closes inside a list (outside any string), with the brackets still open closed. Only a list
    loses items: an object cut short could lose a member that has a default ("submit": false)."""
    found: list[str] = []
    opened: list[str] = []
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in _CLOSES:
            opened.append(char)
        elif char in "}]" and opened:
            opened.pop()
            if opened and opened[-1] == "[":
                found.append(text[: index + 1] + "".join(_CLOSES[c] for c in reversed(opened)))
    return found[::-1]


def salvage(text: str, schema: type[T]) -> T | None:
    """The longest whole part of a cut answer that fits `schema`, or None."""
    for candidate in cuts(text):
        try:
            return schema.model_validate_json(candidate)
        except ValidationError:
            continue
    return None
