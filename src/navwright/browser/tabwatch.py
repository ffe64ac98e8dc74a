"""The tabs of a session and what each one does between two actions.

Every tab the session drives is watched: a dialog is answered (by the run's policy, or dismissed), a
download is saved, a crash, a close or a main-frame navigation is noted, and a tab the page opens
becomes the current one. Each tab gets a devtools session when it opens (one opened later would wait
for a page stuck in a loop), so a script that never yields can be ended. All of it lands in
`happened`, which the change observation drains into the next action result.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, CDPSession, Dialog, Download, Page
from playwright.async_api import Error as PlaywrightError

from navwright.browser.happenings import STOP_MARK, DialogPolicy, Happenings, answer_dialog, save_download

Handlers = list[tuple[Page, str, Callable[..., Any]]]


class TabWatch:
    """The open tabs (`pages`, `current`) and their event handlers, for one browser context."""

    def __init__(self, downloads_dir: Path | None) -> None:
        self.pages: list[Page] = []
        self.current: Page | None = None
        self.happened = Happenings()
        self.dialog_policy: DialogPolicy | None = None
        """How to answer the next dialog (set by the dialog skill; used once)."""
        self.downloads_dir = downloads_dir
        """Where downloads go; without one, a temporary folder made at the first download."""
        self._context: BrowserContext | None = None
        self._opened: list[Page] = []
        """The tabs navwright opened (the ones it closes in a context that is not its own)."""
        self._listeners: dict[int, Handlers] = {}
        self._cdp: dict[int, CDPSession] = {}
        self._crashed: set[int] = set()
        self._downloads: set[asyncio.Task[None]] = set()
        self._attaching: set[asyncio.Task[None]] = set()
        self._tab_arrived = asyncio.Event()
        self._own_page = False

    def watch(self, context: BrowserContext) -> None:
        """Follow the tabs `context` opens from now on."""
        self._context = context
        context.on("page", self._on_page)

    async def new_tab(self, context: BrowserContext) -> Page:
        """Open a tab of our own in `context` (the watched one) and make it the current one."""
        self._own_page = True
        try:
            page = await context.new_page()
        finally:
            self._own_page = False
        self._opened.append(page)
        self.adopt(page)
        self.current = page
        await self._attach(page)
        return page

    def adopt(self, page: Page) -> None:
        """Watch `page` (a tab of ours, one the page opened, or one handed in)."""
        self.pages.append(page)
        handlers: list[tuple[str, Callable[..., Any]]] = [
            ("dialog", self._on_dialog), ("download", self._on_download), ("close", self._on_close),
            ("crash", self.mark_crashed), ("framenavigated", lambda frame: self._on_navigated(page, frame)),
        ]  # fmt: skip
        for event, handler in handlers:
            page.on(event, handler)  # type: ignore[call-overload]
        self._listeners[id(page)] = [(page, event, handler) for event, handler in handlers]

    def forget(self, page: Page) -> None:
        """Stop counting `page` among the tabs; the last remaining one becomes current."""
        self._cdp.pop(id(page), None)
        if page in self.pages:
            self.pages.remove(page)
        if self.current is page:
            self.current = self.pages[-1] if self.pages else None

    def is_crashed(self, page: Page | None) -> bool:
        return id(page) in self._crashed

    def mark_crashed(self, page: Page) -> None:
        """Record a crashed tab (from its crash event, or a 'Target crashed' error seen first)."""
        if id(page) not in self._crashed:
            self._crashed.add(id(page))
            self.happened.crashed.append(page.url)

    async def wait_for_new_tab(self, timeout_s: float) -> None:
        """Wait (bounded) until a tab the page asked for has arrived."""
        self._tab_arrived.clear()
        if not self.happened.new_tabs:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._tab_arrived.wait(), timeout_s)

    async def finish_downloads(self, timeout_s: float) -> None:
        """Wait (bounded) for downloads in progress to be saved."""
        pending = [t for t in self._downloads if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout_s)

    def has_pending_downloads(self) -> bool:
        return any(not t.done() for t in self._downloads)

    async def let_go(self, context: BrowserContext) -> None:
        """Leave a context that is not ours as it was: drop our handlers and close only our tabs."""
        context.remove_listener("page", self._on_page)
        for page, event, handler in [h for hs in self._listeners.values() for h in hs]:
            page.remove_listener(event, handler)
        self._listeners.clear()
        for page in self._opened:
            await quiet_close(page)
        self._opened.clear()

    def stop(self) -> None:
        """Cancel the work in flight (downloads, devtools sessions) and forget every tab."""
        for task in [*self._downloads, *self._attaching]:
            task.cancel()
        self._cdp.clear()
        self.pages.clear()
        self.current = None
        self._context = None

    # event handlers ---------------------------------------------------------------------------

    def _on_page(self, page: Page) -> None:
        if self._own_page or page in self.pages:
            return
        self.adopt(page)
        self.current = page
        self.happened.new_tabs.append(page)
        self._tab_arrived.set()
        _spawn(self._attach(page), self._attaching)

    async def _attach(self, page: Page) -> None:
        if self._context is None:
            return
        with contextlib.suppress(PlaywrightError, TimeoutError):
            self._cdp[id(page)] = await asyncio.wait_for(self._context.new_cdp_session(page), 2.0)

    def _on_navigated(self, page: Page, frame: object) -> None:
        if frame is page.main_frame and page is self.current:
            self.happened.navigations += 1

    def _on_close(self, page: Page) -> None:
        """A tab closed by the page itself (window.close) or the browser."""
        if page in self.pages:
            self.forget(page)
            self.happened.closed_tabs += 1

    async def _on_dialog(self, dialog: Dialog) -> None:
        if dialog.message == STOP_MARK:  # dialogs are blocked and the page calls them in a loop
            await answer_dialog(dialog, None)
            cdp = self._cdp.get(id(dialog.page))
            if cdp is not None:
                await _stop_script(cdp)
            self.happened.scripts_stopped += 1
            return
        policy, self.dialog_policy = self.dialog_policy, None
        self.happened.add_dialog(dialog.type, await answer_dialog(dialog, policy))

    def _on_download(self, download: Download) -> None:
        _spawn(self._save_download(download), self._downloads)

    async def _save_download(self, download: Download) -> None:
        if self.downloads_dir is None:
            self.downloads_dir = Path(tempfile.mkdtemp(prefix="navwright-downloads-"))
        self.happened.downloads.append(await save_download(download, self.downloads_dir))


def _spawn(work: Coroutine[object, object, None], into: set[asyncio.Task[None]]) -> None:
    task = asyncio.ensure_future(work)
    into.add(task)
    task.add_done_callback(into.discard)


async def _stop_script(cdp: CDPSession) -> None:
    """End the script the page is running (a loop that never yields), quietly and within 2 s."""
    try:
        await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), 2.0)
    except (PlaywrightError, TimeoutError):
        return


async def quiet_close(page: Page) -> None:
    try:
        await asyncio.wait_for(page.close(), 2.0)
    except (PlaywrightError, TimeoutError):
        return
