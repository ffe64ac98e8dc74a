"""The visible effect of an action, kept when it is learned and checked when it is replayed."""

from __future__ import annotations

from urllib.parse import urlsplit

from navwright.browser.types import ActionResult
from navwright.memory.describe import similarity
from navwright.memory.models import Effect
from navwright.memory.template import fill, to_template

KEPT_LINES = 3
SIMILAR = 0.5
"""Word overlap from which a line that appeared counts as the line expected."""


def effect_of(result: ActionResult, values: list[str]) -> Effect:
    """What the page did, with the request's values as slots."""
    return Effect(
        navigated=result.navigated, path=urlsplit(result.url).path if result.navigated else "",
        new_tab=result.new_tab, dialog=bool(result.dialog),
        appeared_text=[to_template(line[:200], values) for line in result.appeared_text[:KEPT_LINES]],
        visible=result.visible_change,
    )


def mismatch(expected: Effect, result: ActionResult, values: list[str]) -> str | None:
    """Why the result is not the effect expected, or None when it is."""
    if not result.ok:
        return f"the action failed: {result.error or 'no reason given'}"
    if expected.navigated and not result.navigated:
        return f"expected to reach {expected.path or 'another page'}, stayed on {result.url}"
    if expected.navigated and expected.path and urlsplit(result.url).path != expected.path:
        return f"expected to reach {expected.path}, reached {urlsplit(result.url).path}"
    if expected.new_tab and not result.new_tab:
        return "expected a new tab, none opened"
    if expected.dialog and not result.dialog:
        return "expected a dialog, none opened"
    wanted = [fill(line, values) for line in expected.appeared_text]
    if wanted and not any(similarity(w, got) >= SIMILAR for w in wanted for got in result.appeared_text):
        return f"expected the page to show {wanted[0]!r}"
    if expected.visible and not result.visible_change:
        return "expected the page to change; nothing changed"
    return None
