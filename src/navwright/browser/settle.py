"""The one settle helper: after an action, wait until what it set in motion is done, capped.

`settle.js` (installed in every document by the session) counts fetch/XHR in flight, short timers
created since the action began (a debounce before an autocomplete fetch) and DOM mutations. `settle`
waits for those to go quiet, plus a navigation the action started, and returns at once on an idle
page. No skill sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page, Request
from pydantic import BaseModel

CAP_S = 2.0
QUIET_MS = 25
ARM_TIMEOUT_S = 2.0
"""How long a settle-tracker call may take beyond its own cap before the page counts as not answering."""


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


async def arm(page: Page, *, notes: bool = True) -> str | None:
    """Mark the start of an action: short timers created from now on count as pending work, and the
    notices recorder (problems.py) starts a fresh record unless `notes` is False (a step inside a
    skill that runs several, whose messages all belong to its one result).

    Returns the document's token (None where the tracker is absent, e.g. on an error page).
    """
    try:
        token = await asyncio.wait_for(
            page.evaluate(
                "(notes) => { if (notes && window.__nwNotes) window.__nwNotes.arm();"
                " return window.__nwSettle ? window.__nwSettle.arm() : null; }",
                notes,
            ),
            ARM_TIMEOUT_S,
        )
    except (PlaywrightError, TimeoutError):
        return None
    return token if isinstance(token, str) else None


async def doc_token(page: Page) -> str | None:
    """The current document's token (the one `arm` returns), without arming anything."""
    try:
        token = await asyncio.wait_for(
            page.evaluate("() => window.__nwSettle ? window.__nwSettle.doc : null"), ARM_TIMEOUT_S
        )
    except (PlaywrightError, TimeoutError):
        return None
    return token if isinstance(token, str) else None


async def settle(
    page: Page,
    *,
    navigating: bool = False,
    watch: NavigationWatch | None = None,
    cap_s: float = CAP_S,
    quiet_ms: int = QUIET_MS,
) -> Settled:
    """Wait for the page to go quiet after an action; never longer than about `cap_s`.

    `navigating`: the caller saw the main frame commit a new document (wait for its DOM first).
    `watch`: a NavigationWatch opened before the action, so a navigation that ended during the
    action is known (otherwise one is opened now).
    """
    if watch is None:
        with NavigationWatch(page) as own:
            return await _settle(page, navigating, own, cap_s, quiet_ms)
    return await _settle(page, navigating, watch, cap_s, quiet_ms)


async def _settle(
    page: Page, navigating: bool, watch: NavigationWatch, cap_s: float, quiet_ms: int
) -> Settled:
    start = time.monotonic()
    deadline = start + cap_s
    leaving = False
    for _ in range(4):
        left = deadline - time.monotonic()
        if left <= 0 or page.is_closed():
            break
        if leaving:
            await watch.wait_next_document(left)
        elif navigating:
            await _wait_dom(page, left)
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            out = await asyncio.wait_for(
                page.evaluate(
                    "([q, cap]) => window.__nwSettle ? window.__nwSettle.wait(q, cap) : {doc: null}",
                    [quiet_ms, int(left * 1000)],
                ),
                left + ARM_TIMEOUT_S,  # the page script caps itself; a page that does not answer at all
            )
        except TimeoutError:
            break
        except PlaywrightError as e:
            if "crashed" in str(e).lower():
                return Settled(ms=(time.monotonic() - start) * 1000, crashed=True)
            leaving = True  # the document went away under us: wait for the next one
            continue
        leaving = bool(out.get("leaving"))  # the page started to unload: a navigation is on its way
        if leaving:
            continue
        return _settled(out, start)
    return Settled(ms=(time.monotonic() - start) * 1000, capped=time.monotonic() >= deadline)


def _settled(out: dict[str, object], start: float) -> Settled:
    doc = out.get("doc")
    popups = out.get("popups")
    return Settled(
        ms=(time.monotonic() - start) * 1000,
        capped=bool(out.get("capped")),
        doc=doc if isinstance(doc, str) else None,
        popups=popups if isinstance(popups, int) else 0,
    )


class NavigationWatch:
    """Listens, while settling, for the main frame's navigation to commit, fail or turn into a download."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.ended = asyncio.Event()

    def __enter__(self) -> NavigationWatch:
        self.page.on("framenavigated", self._on_frame)
        self.page.on("download", self._on_end)
        self.page.on("requestfailed", self._on_request)
        self.page.on("requestfinished", self._on_request)
        return self

    def __exit__(self, *exc: object) -> None:
        self.page.remove_listener("framenavigated", self._on_frame)
        self.page.remove_listener("download", self._on_end)
        self.page.remove_listener("requestfailed", self._on_request)
        self.page.remove_listener("requestfinished", self._on_request)

    def _on_frame(self, frame: Frame) -> None:
        if frame.parent_frame is None:
            self.ended.set()

    def _on_end(self, _: object) -> None:
        self.ended.set()

    def _on_request(self, request: Request) -> None:
        # A navigation answered without a new document (204, blocked) or failed ends the wait too.
        if request.is_navigation_request() and request.frame.parent_frame is None:
            self.ended.set()

    async def wait_next_document(self, left_s: float) -> None:
        """Wait until the navigation under way commits (then for its DOM) or ends without one."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ended.wait(), left_s)
        self.ended.clear()
        await _wait_dom(self.page, left_s)


async def _wait_dom(page: Page, left_s: float) -> None:
    """A new document: wait for its load event (frames and images included), within the cap."""
    try:
        await page.wait_for_load_state("load", timeout=max(1.0, left_s * 1000))
    except PlaywrightError:
        return
