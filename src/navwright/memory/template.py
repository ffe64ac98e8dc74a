"""Requests as templates: the values a person named become `{{$N}}`, and a new request with other
values matches the template when only those values differ."""

from __future__ import annotations

import re
from typing import Any

from navwright.agent.task.presses import quoted

SLOT = re.compile(r"\{\{\$(\d+)\}\}")
FILLED_PARAMS = ("text", "value", "values", "query", "fields", "url")
"""Parameters whose values a person may have named in the request."""


def slot(n: int) -> str:
    return "{{$" + str(n) + "}}"



def values_named(task: str, typed: list[str], pressed: list[str] | None = None) -> list[str]:
    """The values of the request: what the run typed or chose that the request names, and the names of
    elements it pressed that the request quotes (`Click on the link "massa"`: the next request names
    another link). Whole words only, longest first, each once, no secrets; in the request's order."""
    found: list[str] = []
    lowered = task.lower()
    said = {q.lower() for q in quoted(task)}
    # typed as the request writes it: "kasie" typed for 'Type "KASIE" in lower case' was worked out
    # from the request, and a replay typing the next request's value as written would be wrong
    named = [v for v in typed if _whole(v, task, exact=True)]
    named += [n for n in pressed or [] if n.strip().lower() in said]
    for value in sorted({v.strip() for v in named}, key=len, reverse=True):
        if (len(value) < 2 and value.lower() not in said) or "{{" in value or not value:
            continue
        if any(_whole(value, other.lower()) for other in found):
            continue  # "Ada" inside "Ada Lovelace": the longer value stands for it
        found.append(value)
    return sorted(found, key=lambda v: _where(v, lowered))


def _word(value: str) -> str:
    """A pattern for `value` as whole words: never the "no" inside "know"."""
    head = r"(?<!\w)" if value[:1].isalnum() else ""
    tail = r"(?!\w)" if value[-1:].isalnum() else ""
    return head + re.escape(value) + tail


def _whole(value: str, text: str, exact: bool = False) -> bool:
    value = value.strip() if exact else value.strip().lower()
    return bool(value) and re.search(_word(value), text) is not None


def case_shape(value: str) -> str:
    """"lower", "upper" or "mixed": how a value's letters are written."""
    letters = [c for c in value if c.isalpha()]
    if letters and all(c.islower() for c in letters):
        return "lower"
    if letters and all(c.isupper() for c in letters):
        return "upper"
    return "mixed"


def same_case(learned: list[str], values: list[str]) -> bool:
    """Each new value is written in the case its learned value was (a value of another case may need
    what the workflow did not learn: "in all lower case")."""
    return all(case_shape(a) == case_shape(b) for a, b in zip(learned, values, strict=False))


def _where(value: str, text: str) -> int:
    found = re.search(_word(value.lower()), text)
    return found.start() if found else len(text)


def to_template(text: str, values: list[str]) -> str:
    """`text` with each value (any case, as whole words) replaced by its slot."""
    for n, value in enumerate(values, 1):
        text = re.sub(_word(value), slot(n), text, flags=re.IGNORECASE)
    return text


def fill(template: str, values: list[str]) -> str:
    """A template with its slots filled (a slot with no value stays as it is)."""
    def put(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return values[n - 1] if 0 < n <= len(values) else match.group(0)

    return SLOT.sub(put, template)


def match(template: str, request: str) -> list[str] | None:
    """The values of `request` for the template's slots, or None when it does not match. Case and
    runs of spaces do not matter; a slot that appears twice must hold the same value twice."""
    parts = SLOT.split(" ".join(template.split()))
    pattern = ""
    seen: set[str] = set()
    numbers: list[int] = []
    for index, part in enumerate(parts):
        if index % 2 == 0:
            pattern += r"\s+".join(re.escape(word) for word in part.split(" "))
            continue
        numbers.append(int(part))
        pattern += f"(?P=v{part})" if part in seen else f"(?P<v{part}>.+?)"
        seen.add(part)
    found = re.fullmatch(pattern, " ".join(request.split()), flags=re.IGNORECASE)
    if found is None:
        return None
    count = max(numbers, default=0)
    groups = found.groupdict()
    values = [(groups.get(f"v{n}") or "").strip() for n in range(1, count + 1)]
    return values if all(values) else None


def templated(value: Any, values: list[str]) -> Any:
    """A parameter value with the named values replaced by slots (strings inside lists and dicts too)."""
    if isinstance(value, str):
        return to_template(value, values)
    if isinstance(value, list):
        return [templated(v, values) for v in value]
    if isinstance(value, dict):
        return {k: templated(v, values) for k, v in value.items()}
    return value


def filled(value: Any, values: list[str]) -> Any:
    """The inverse of `templated` for a new request's values."""
    if isinstance(value, str):
        return fill(value, values)
    if isinstance(value, list):
        return [filled(v, values) for v in value]
    if isinstance(value, dict):
        return {k: filled(v, values) for k, v in value.items()}
    return value


def typed_values(params: dict[str, Any]) -> list[str]:
    """The strings an action typed or chose (the candidates for the request's values)."""
    out: list[str] = []
    for key in FILLED_PARAMS:
        value = params.get(key)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            out.extend(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            out.extend(v for v in value.values() if isinstance(v, str))
    return out
