"""The one settle helper: after an action, wait until what it set in motion is done, capped.

`settle.js` (installed in every document by the session) counts fetch/XHR in flight, short timers
created since the action began (a debounce before an autocomplete fetch) and DOM mutations. `settle`
waits for those to go quiet, plus a navigation the action started, and returns at once on an idle
page. No skill sleeps.
"""

from __future__ import annotations

import time
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel

CAP_S = 2.0
QUIET_MS = 25


def settle_script() -> str:
    """The in-page tracker, to be added with `BrowserContext.add_init_script`."""
    return resources.files("navwright.browser").joinpath("settle.js").read_text(encoding="utf-8")


class Settled(BaseModel):
    """How the wait ended."""

    ms: float
    capped: bool = False
    doc: str | None = None
    """Token of the document that settled (differs from `arm`'s when the action loaded a new one)."""
    crashed: bool = False
    popups: int = 0
    """Tabs the action asked the browser to open (they arrive a moment later)."""


async def arm(page: Page) -> str | None:
    """Mark the start of an action: short timers created from now on count as pending work.

    Returns the document's token (None where the tracker is absent, e.g. on an error page).
    """
    try:
        token = await page.evaluate("() => window.__nwSettle ? window.__nwSettle.arm() : null")
    except PlaywrightError:
        return None
    return token if isinstance(token, str) else None


async def settle(
    page: Page, *, navigating: bool = False, cap_s: float = CAP_S, quiet_ms: int = QUIET_MS
) -> Settled:
    """Wait for the page to go quiet after an action; never longer than about `cap_s`."""
    start = time.monotonic()
    deadline = start + cap_s
    for _ in range(3):
        left = deadline - time.monotonic()
        if left <= 0 or page.is_closed():
            break
        if navigating:
            await _wait_loaded(page, left)
            left = deadline - time.monotonic()
            if left <= 0:
                break
        try:
            out = await page.evaluate(
                "([q, cap]) => window.__nwSettle ? window.__nwSettle.wait(q, cap) : {doc: null}",
                [quiet_ms, int(left * 1000)],
            )
        except PlaywrightError as e:
            if "crashed" in str(e).lower():
                return Settled(ms=(time.monotonic() - start) * 1000, crashed=True)
            navigating = True  # the document went away under us: a navigation; wait for the next one
            continue
        doc = out.get("doc")
        return Settled(
            ms=(time.monotonic() - start) * 1000,
            capped=bool(out.get("capped")),
            doc=doc if isinstance(doc, str) else None,
            popups=int(out.get("popups") or 0),
        )
    return Settled(ms=(time.monotonic() - start) * 1000, capped=time.monotonic() >= deadline)


async def _wait_loaded(page: Page, left_s: float) -> None:
    try:
        await page.wait_for_load_state("domcontentloaded", timeout=max(1.0, left_s * 1000))
    except PlaywrightError:
        return
