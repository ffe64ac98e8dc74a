"""Change observation: run one action, let the page settle, and report what changed as facts.

arm the settle tracker -> the tab's last look in this document, else a fresh one (before) -> act ->
settle -> look (after; the session keeps it as the model's next view) -> diff. Everything the
browser did meanwhile (dialogs, downloads, new tabs, blocked navigations, crashes) is drained from the
session into the same result. Failures become words in `ActionResult.error`, never exceptions.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

from navwright.browser.diff import diff_observations, happenings_words, redact
from navwright.browser.errors import BrowserError, Refused
from navwright.browser.observe import Look
from navwright.browser.problems import collect_problems, dedupe
from navwright.browser.session import BrowserSession
from navwright.browser.settle import CAP_S, NavigationWatch, Settled, arm, settle
from navwright.browser.types import ActionResult, Observation, PageProblem

Act = Callable[[], Awaitable[str | None]]
"""The action itself; returns a short fact in words for `ActionResult.detail` (or None)."""

DOWNLOAD_WAIT_S = 2.0
NEW_TAB_WAIT_S = 2.0


async def act_and_observe(
    session: BrowserSession,
    action: str,
    act: Act,
    *,
    secrets: Mapping[str, str] | None = None,
) -> ActionResult:
    """Run `act` on the current tab and return what it did and what changed."""
    start = time.monotonic()
    try:
        page = session.page
    except BrowserError as e:
        return ActionResult(action=action, ok=False, error=str(e))
    token = await arm(page)
    before = session.views.kept(page, token) or await _observe(session, page)
    error, detail, after_page, settled, refusals = await _act_and_settle(session, page, act)
    if session.happened.downloads or session.has_pending_downloads():
        await session.finish_downloads(DOWNLOAD_WAIT_S)
    h = session.take_happenings()
    problems = refusals + (await collect_problems(after_page) if not session.is_crashed(after_page) else [])
    after = await _observe(session, after_page)
    same_doc = after_page is page and token is not None and settled.doc == token
    result = diff_observations(action, _full(before), _full(after), same_document=same_doc)
    result.ok = error is None and not h.crashed
    result.error = "the page crashed; open a URL to continue in a fresh tab" if h.crashed else error
    busy = f"the page was still busy after {CAP_S:g} s" if settled.capped else ""
    result.detail = ". ".join(w.rstrip(".") for w in (detail, *happenings_words(h, session), busy) if w)
    result.new_tab = bool(h.new_tabs) and after_page in h.new_tabs
    result.dialog = h.dialog_words()
    result.download = "; ".join(h.downloads) or None
    result.problems = dedupe(problems)
    result.appeared_text = [t for t in result.appeared_text if not any(t in p.text for p in result.problems)]
    result.ms = (time.monotonic() - start) * 1000
    return redact(result, secrets or {})


async def _act_and_settle(
    session: BrowserSession, page: Page, act: Act
) -> tuple[str | None, str, Page, Settled, list[PageProblem]]:
    """Run the action, then settle the tab it leaves current (a new tab the action opened included)."""
    with NavigationWatch(page) as watch:
        error, detail, refusals = await _run(act)
        await _close_blocked_tabs(session)
        after_page = _current(session) or page
        started = session.happened.navigations > 0 or bool(session.happened.new_tabs)
        settled = await settle(after_page, navigating=started, watch=watch if after_page is page else None)
    if settled.crashed:
        session.mark_crashed(after_page)
        return error, detail, after_page, settled, refusals
    if settled.popups and not session.happened.new_tabs and not session.happened.blocked:
        await session.wait_for_new_tab(NEW_TAB_WAIT_S)
    await _close_blocked_tabs(session)
    current = _current(session)
    if current is not None and current is not after_page:  # a tab opened (or closed) meanwhile
        after_page = current
        settled = await settle(after_page, navigating=not session.happened.blocked)
    return error, detail, after_page, settled, refusals


async def _close_blocked_tabs(session: BrowserSession) -> None:
    """A new tab whose only navigation was blocked stays blank: close it (the block is reported)."""
    h = session.happened
    if not h.blocked:
        return
    for tab in [t for t in h.new_tabs if not t.is_closed() and t.url == "about:blank"]:
        h.new_tabs.remove(tab)
        if tab in session.pages:
            await session.close_tab(session.pages.index(tab))


async def _run(act: Act) -> tuple[str | None, str, list[PageProblem]]:
    try:
        return None, (await act()) or "", []
    except Refused as e:
        return str(e), "", e.problems
    except BrowserError as e:
        return str(e), "", []
    except PlaywrightTimeout as e:
        return _first_line(str(e), "the action timed out"), "", []
    except PlaywrightError as e:
        return _first_line(str(e), "the action failed"), "", []
    except (ValueError, TypeError, KeyError) as e:  # a page that answered in an unexpected shape
        return f"the action failed: {e}", "", []


async def _observe(session: BrowserSession, page: Page) -> Look | None:
    """A fresh look at `page`, kept by the session as the tab's last (the model's next view)."""
    if page.is_closed() or session.is_crashed(page):
        session.views.forget(page)
        return None
    try:
        return await session.views.look(page)
    except (PlaywrightError, BrowserError):
        return None


def _full(seen: Look | None) -> Observation | None:
    return seen.full if seen is not None else None


def _current(session: BrowserSession) -> Page | None:
    try:
        return session.page
    except BrowserError:
        return None


def _first_line(message: str, fallback: str) -> str:
    """A Playwright error's first line without the API prefix or call log."""
    line = message.strip().splitlines()[0] if message.strip() else fallback
    if ": " in line and line.split(": ", 1)[0].replace(".", "").replace("_", "").isalnum():
        line = line.split(": ", 1)[1]
    return line
