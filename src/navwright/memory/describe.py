"""Element descriptors: read from the live page when an action runs, scored against the current
page's elements when a workflow is replayed."""

from __future__ import annotations

import asyncio
import json
import re
from functools import cache
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from navwright.memory.models import Descriptor

DESCRIBE_TIMEOUT_S = 3.0
FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "textarea", "listbox",
                         "checkbox", "radio", "switch", "slider"})


@cache
def script() -> str:
    return resources.files("navwright.memory").joinpath("describe.js").read_text("utf-8")


async def describe(page: Page, ids: list[str]) -> dict[str, Descriptor]:
    """A descriptor per element id of the top document, read in one bounded call; {} when the page
    does not answer. Recording and replaying use this same reading, so the two compare alike."""
    top = [i for i in ids if i and "." not in i]
    if not top:
        return {}
    try:
        found = await asyncio.wait_for(page.evaluate(script(), top), DESCRIBE_TIMEOUT_S)
    except (TimeoutError, PlaywrightError):
        return {}
    items = found.items() if isinstance(found, dict) else []
    return {str(element_id): descriptor(raw) for element_id, raw in items if isinstance(raw, dict)}


def descriptor(raw: dict[str, object]) -> Descriptor:
    """A descriptor from what describe.js read of one element (its shape checked, texts normalised)."""
    index = raw.get("index_in_form")
    place = raw.get("index_in_list")
    return Descriptor(
        role=str(raw.get("role", "")), name=_norm(raw.get("name", "")), label=_norm(raw.get("label", "")),
        near=_norm(raw.get("near", "")), form=_norm(raw.get("form", "")),
        index_in_form=index if isinstance(index, int) and index >= 0 else None,
        index_in_list=place if isinstance(place, int) and place >= 0 else None,
        tag=str(raw.get("tag", "")), html_id=str(raw.get("html_id", "")),
        html_name=str(raw.get("html_name", "")), input_type=str(raw.get("input_type", "")),
    )


def _norm(text: object) -> str:
    return " ".join(str(text).split())[:120]


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def similarity(a: str, b: str) -> float:
    """Word overlap of two texts (Jaccard), 1.0 for two empty texts."""
    wa, wb = _words(a), _words(b)
    if not wa and not wb:
        return 1.0
    return len(wa & wb) / len(wa | wb)


def same_element(target: Descriptor, candidate: Descriptor) -> bool:
    """The candidate is the element a person meant: same role, and the same name (a field: or the
    same label). A renamed button is not the button it was. An element that had neither (a bare
    text field, as many pages have) is known by its html id or name, else by its place in its form."""
    if target.role != candidate.role:
        return False
    if not target.name and not target.label:
        return _same_unnamed(target, candidate)
    if target.name and target.name.lower() == candidate.name.lower():
        return True
    return bool(target.role in FIELD_ROLES and target.label
                and target.label.lower() == candidate.label.lower())


def _same_unnamed(target: Descriptor, candidate: Descriptor) -> bool:
    if target.html_id or target.html_name:
        return (target.html_id, target.html_name) == (candidate.html_id, candidate.html_name)
    return (target.index_in_form is not None and target.index_in_form == candidate.index_in_form
            and (target.form, target.input_type) == (candidate.form, candidate.input_type))


def score(target: Descriptor, candidate: Descriptor) -> float:
    """How well a candidate of the same identity fits: its name written the same way (a link "Eget"
    is not the link "eget" beside it), nearby text, form, places, html id and name."""
    points = 4.0 if target.name and target.name == candidate.name else 0.0
    points += 3 * similarity(target.near, candidate.near)
    points += 1.0 if target.form == candidate.form else 0.0
    points += 1.0 if target.index_in_form == candidate.index_in_form else 0.0
    points += 1.0 if target.index_in_list == candidate.index_in_list else 0.0
    points += 2.0 if target.html_id and target.html_id == candidate.html_id else 0.0
    points += 1.0 if target.html_name and target.html_name == candidate.html_name else 0.0
    return points


def find(target: Descriptor, candidates: dict[str, Descriptor]) -> str | None:
    """The id of the best candidate that is the same element, None when none is (first on ties)."""
    best: tuple[float, str] | None = None
    for element_id, candidate in candidates.items():
        if not same_element(target, candidate):
            continue
        points = score(target, candidate)
        if best is None or points > best[0]:
            best = (points, element_id)
    return best[1] if best else None


def dump(descriptor: Descriptor) -> str:
    return json.dumps(descriptor.model_dump(exclude_defaults=True), ensure_ascii=False)
