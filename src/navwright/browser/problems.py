"""What the page said in reply to an action: validation refusals, error text and toasts.

`notices.js` (installed in every document by the session) records them as they happen, so a toast
that vanished before the page was read, or the browser's validation bubble that is not in the DOM at
all, still reaches the action's result.
"""

from __future__ import annotations

import asyncio
from functools import cache
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import TypeAdapter, ValidationError

from navwright.browser.types import PageProblem

_PROBLEMS = TypeAdapter(list[PageProblem])


COLLECT_TIMEOUT_S = 2.0


@cache
def notices_script() -> str:
    """The in-page recorder, to be added with `BrowserContext.add_init_script`."""
    return resources.files("navwright.browser").joinpath("notices.js").read_text(encoding="utf-8")


async def collect_problems(page: Page) -> list[PageProblem]:
    """The refusals and messages recorded since the last `arm` (empty where the recorder is absent)."""
    if page.is_closed():
        return []
    try:  # bounded: a page stuck on a navigation that never ends must not hold the action
        raw = await asyncio.wait_for(
            page.evaluate("() => window.__nwNotes ? window.__nwNotes.collect() : []"), COLLECT_TIMEOUT_S
        )
        problems = _PROBLEMS.validate_python(raw)
    except (PlaywrightError, ValidationError, TimeoutError):
        return []
    return dedupe(problems)


def dedupe(problems: list[PageProblem]) -> list[PageProblem]:
    """One problem per text: an error message shown both inline and as aria-describedby text once."""
    out: list[PageProblem] = []
    for p in problems:
        if p.kind != "invalid_field" and any(q.text and (p.text in q.text or q.text in p.text) for q in out):
            continue
        out.append(p)
    return out


def problem_line(p: PageProblem) -> str:
    """One line the model reads: `Not submitted: "Size" — Please select an item in the list.`"""
    ref = f" [{p.id}]" if p.id else ""
    label = f'"{p.label}"{ref}' if p.label else ref.strip()
    if p.kind == "invalid_field":
        return f"Not submitted: {label} — {p.text}"
    if p.kind == "disabled":
        return f"{label} is disabled" + (f"; not set yet: {p.text}" if p.text else "") + "."
    if p.kind == "toast":
        return f'Message shown: "{p.text}"'
    return f'Error shown{" at " + label if label else ""}: "{p.text}"'
