"""One Chromium per run: tabs, dialogs, downloads, crashes and domain limits, all reported in words.

The session records what happened between two actions (`Happenings`); the change-observation helper
drains that record into the next action result, so nothing the page did is lost or hangs the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import TracebackType
from typing import Any

from playwright.async_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Dialog,
    Download,
    Page,
    Playwright,
    async_playwright,
)
from playwright.async_api import Error as PlaywrightError

from navwright.browser.chromium import BrowserSettings, find_chromium
from navwright.browser.contexts import (
    OpenedContext,
    cdp_context,
    check_profile_use,
    connect_cdp,
    new_context,
    save_profile,
)
from navwright.browser.datafence import DataFence
from navwright.browser.errors import BrowserUnavailable, NavigationFailed
from navwright.browser.happenings import (
    STOP_MARK,
    DialogPolicy,
    Happenings,
    TabInfo,
    answer_dialog,
    dialogs_script,
    save_download,
)
from navwright.browser.netpolicy import DomainGuard, describe_blocked, describe_navigation_error, host_allowed
from navwright.browser.observe import install_script
from navwright.browser.problems import notices_script
from navwright.browser.profiles import ProfileStore
from navwright.browser.settle import settle_script


class BrowserSession:
    """`async with BrowserSession(settings) as s: await s.open(url); s.page ...`

    The browser is one navwright launches (with `settings.profile`'s cookies and storage, saved back
    when the session closes), a running Chromium at `settings.cdp_url`, or one handed in: `browser`
    (a new context on it), `context` (a new tab in it) or `page` (that tab). What the session did not
    open it leaves open: a given page, context or browser, and a CDP browser's own context. It does
    set its timeouts and page helpers (inert scripts) on the context it drives.
    """

    def __init__(
        self,
        settings: BrowserSettings | None = None,
        *,
        run_dir: Path | None = None,
        browser: Browser | None = None,
        context: BrowserContext | None = None,
        page: Page | None = None,
        profiles: ProfileStore | None = None,
    ) -> None:
        """`browser`: share an already launched Chromium (e.g. a pool of runs); the session then opens
        only its own context and leaves the browser running when it closes."""
        self.settings = settings or BrowserSettings()
        self._shared = browser
        self._given_page = page
        self._given_context = page.context if page is not None else context
        self._profiles = profiles or ProfileStore()
        self._owns_context = False
        self._opened: list[Page] = []
        self._listeners: dict[int, list[tuple[Page, str, Callable[..., Any]]]] = {}
        run_downloads = run_dir / "downloads" if run_dir else None
        self.downloads_dir: Path | None = self.settings.downloads_dir or run_downloads
        """Where downloads go; without a run folder, a temporary folder made at the first download."""
        self.happened = Happenings()
        self.dialog_policy: DialogPolicy | None = None
        self._guard = DomainGuard(self.settings.allowed_domains, self.happened)
        self._routed = False
        self._pw: Playwright | None = None
        self._browser: Browser | None = None
        self._context: BrowserContext | None = None
        self._pages: list[Page] = []
        self._current: Page | None = None
        self._own_page = False
        self._tasks: set[asyncio.Task[None]] = set()
        """Downloads being saved."""
        self._attaching: set[asyncio.Task[None]] = set()
        self._crashed: set[int] = set()
        self._cdp: dict[int, CDPSession] = {}
        """A devtools session per tab, opened with it: one opened later waits for a page stuck in a loop."""
        self._tab_arrived = asyncio.Event()

    async def __aenter__(self) -> BrowserSession:
        try:
            await self._start()
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def _open_context(self) -> OpenedContext:
        check_profile_use(self.settings, borrowed=self._given_context is not None)
        if self._given_context is not None:
            return OpenedContext(self._given_context, owned=False)
        if self.settings.cdp_url:
            self._pw = await async_playwright().start()
            return await cdp_context(await connect_cdp(self._pw, self.settings.cdp_url), self.settings,
                                     self._profiles)  # fmt: skip
        browser = self._shared or await self._launch()
        return OpenedContext(await new_context(browser, self.settings, self._profiles), owned=True)

    async def _start(self) -> None:
        opened = await self._open_context()
        ctx, self._owns_context = opened.context, opened.owned
        self._context = ctx
        ctx.set_default_timeout(self.settings.action_timeout_s * 1000)
        ctx.set_default_navigation_timeout(self.settings.navigation_timeout_s * 1000)
        await ctx.add_init_script(settle_script())
        await ctx.add_init_script(install_script())
        await ctx.add_init_script(notices_script())
        await ctx.add_init_script(dialogs_script())
        self._guard.fetcher = ctx.request
        if self.settings.allowed_domains:
            await self._route()
        ctx.on("page", self._on_page)
        if self._given_page is not None:
            self._adopt(self._given_page)
            self._current = self._given_page
            await _install_now(self._given_page)
        else:
            await self.new_tab()

    async def _route(self) -> None:
        if not self._routed:
            self._routed = True
            await self.context.route("**/*", self._guard.handle)

    async def fence_data(self, fence: DataFence) -> None:
        """Keep the person's data (profile facts, secrets) from other hosts, at the network level: a
        request that carries it to another host is blocked and reported."""
        self._guard.data = fence
        if fence.active:
            await self._route()

    async def _launch(self) -> Browser:
        executable = find_chromium(self.settings)
        self._pw = await async_playwright().start()
        try:
            self._browser = await self._pw.chromium.launch(
                executable_path=executable, headless=self.settings.headless, args=self.settings.launch_args()
            )
        except PlaywrightError as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else "unknown error"
            which = executable or "Playwright's build"
            raise BrowserUnavailable(f"Chromium ({which}) failed to start: {first}") from e
        return self._browser

    async def close(self) -> None:
        """Close everything this session opened; safe to call twice and after errors."""
        for task in [*self._tasks, *self._attaching]:
            task.cancel()
        self._cdp.clear()
        if self._context is not None and self._owns_context:
            await save_profile(self._context, self.settings, self._profiles)
            with contextlib.suppress(PlaywrightError):
                await self._context.close()
        elif self._context is not None:
            await self._let_go(self._context)
        if self._browser is not None:
            with contextlib.suppress(PlaywrightError):
                await self._browser.close()
        self._context = self._browser = None
        self._routed = False
        if self._pw is not None:
            await self._pw.stop()
            self._pw = None
        self._pages.clear()
        self._current = None

    async def _let_go(self, ctx: BrowserContext) -> None:
        """Leave a context that is not ours as it was: close only our tabs, drop our handlers and route."""
        ctx.remove_listener("page", self._on_page)
        for page, event, handler in [h for hs in self._listeners.values() for h in hs]:
            page.remove_listener(event, handler)
        self._listeners.clear()
        with contextlib.suppress(PlaywrightError):
            if self.settings.allowed_domains:
                await ctx.unroute("**/*", self._guard.handle)
            for page in self._opened:
                await _quiet_close(page)
        self._opened.clear()

    # tabs -------------------------------------------------------------------------------------

    @property
    def context(self) -> BrowserContext:
        if self._context is None:
            raise BrowserUnavailable("the browser session is not running")
        return self._context

    @property
    def browser(self) -> Browser | None:
        """The Chromium this session launched or shares (None before start and after close)."""
        return self._shared or self._browser

    @property
    def page(self) -> Page:
        """The current tab."""
        if self._current is None or self._current.is_closed():
            raise BrowserUnavailable("no tab is open; open a URL first")
        return self._current

    @property
    def pages(self) -> list[Page]:
        return list(self._pages)

    def is_crashed(self, page: Page | None = None) -> bool:
        return id(page or self._current) in self._crashed

    async def new_tab(self) -> Page:
        self._own_page = True
        try:
            page = await self.context.new_page()
        finally:
            self._own_page = False
        self._opened.append(page)
        self._adopt(page)
        self._current = page
        await self._attach(page)
        return page

    def switch_to(self, index: int) -> Page:
        if not 0 <= index < len(self._pages):
            raise NavigationFailed(f"there is no tab {index}; tabs are 0 to {len(self._pages) - 1}")
        self._current = self._pages[index]
        return self._current

    async def close_tab(self, index: int | None = None) -> None:
        page = self.page if index is None else self.switch_to(index)
        self._forget(page)
        await page.close()
        if not self._pages:
            await self.new_tab()

    async def tab_list(self) -> list[TabInfo]:
        out = []
        for i, p in enumerate(self._pages):
            title = "" if self.is_crashed(p) else await _safe_title(p)
            out.append(TabInfo(index=i, url=p.url, title=title, current=p is self._current))
        return out

    def current_index(self) -> int:
        return self._pages.index(self.page)

    # navigation -------------------------------------------------------------------------------

    async def open(self, url: str) -> str | None:
        """Load `url` in the current tab (a fresh tab if the current one crashed).

        Raises NavigationFailed in words; returns a note when the server answered with an error status.
        """
        if self._current is None or self._current.is_closed() or self.is_crashed():
            stale = self._current
            await self.new_tab()
            if stale is not None:
                self._forget(stale)
                await _quiet_close(stale)
        self._guard.blocked_main = None
        if not host_allowed(url, self.settings.allowed_domains):
            self._guard.blocked_main = url
            raise NavigationFailed(describe_blocked(url, self._guard))
        try:
            response = await self.page.goto(url, wait_until="domcontentloaded")
        except PlaywrightError as e:
            if "Download is starting" in str(e):
                return "it is a file to download"
            if self._guard.blocked_main:
                raise NavigationFailed(describe_blocked(url, self._guard)) from e
            raise NavigationFailed(
                describe_navigation_error(url, str(e), self.settings.navigation_timeout_s, self._guard)
            ) from e
        if self._guard.blocked_main:
            raise NavigationFailed(describe_blocked(url, self._guard))
        if response is not None and response.status >= 400:
            return f"the server answered {response.status} {response.status_text}".rstrip()
        return None

    async def finish_downloads(self, timeout_s: float) -> None:
        """Wait (bounded) for downloads in progress to be saved."""
        pending = [t for t in self._tasks if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout_s)

    async def wait_for_new_tab(self, timeout_s: float) -> None:
        """Wait (bounded) until a tab the page asked for has arrived."""
        self._tab_arrived.clear()
        if not self.happened.new_tabs:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._tab_arrived.wait(), timeout_s)

    def has_pending_downloads(self) -> bool:
        return any(not t.done() for t in self._tasks)

    def take_happenings(self) -> Happenings:
        """Return what happened since the last call and start a fresh record."""
        done, self.happened = self.happened, Happenings()
        self._guard.happened = self.happened
        return done

    # event handlers ---------------------------------------------------------------------------

    def _on_page(self, page: Page) -> None:
        if self._own_page or page in self._pages:
            return
        self._adopt(page)
        self._current = page
        self.happened.new_tabs.append(page)
        self._tab_arrived.set()
        self._spawn(self._attach(page), self._attaching)

    async def _attach(self, page: Page) -> None:
        try:
            self._cdp[id(page)] = await asyncio.wait_for(self.context.new_cdp_session(page), 2.0)
        except (PlaywrightError, TimeoutError, BrowserUnavailable):
            return

    @staticmethod
    def _spawn(work: Coroutine[object, object, None], into: set[asyncio.Task[None]]) -> None:
        task = asyncio.ensure_future(work)
        into.add(task)
        task.add_done_callback(into.discard)

    def _adopt(self, page: Page) -> None:
        self._pages.append(page)
        handlers: list[tuple[str, Callable[..., Any]]] = [
            ("dialog", self._on_dialog), ("download", self._on_download), ("close", self._on_close),
            ("crash", self._on_crash), ("framenavigated", lambda frame: self._on_navigated(page, frame)),
        ]  # fmt: skip
        for event, handler in handlers:
            page.on(event, handler)  # type: ignore[call-overload]
        self._listeners[id(page)] = [(page, event, handler) for event, handler in handlers]

    def _on_navigated(self, page: Page, frame: object) -> None:
        if frame is page.main_frame and page is self._current:
            self.happened.navigations += 1

    def _on_close(self, page: Page) -> None:
        """A tab closed by the page itself (window.close) or the browser."""
        if page in self._pages:
            self._forget(page)
            self.happened.closed_tabs += 1

    def _forget(self, page: Page) -> None:
        self._cdp.pop(id(page), None)
        if page in self._pages:
            self._pages.remove(page)
        if self._current is page:
            self._current = self._pages[-1] if self._pages else None

    def _on_crash(self, page: Page) -> None:
        self.mark_crashed(page)

    def mark_crashed(self, page: Page) -> None:
        """Record a crashed tab (from its crash event, or a 'Target crashed' error seen first)."""
        if id(page) not in self._crashed:
            self._crashed.add(id(page))
            self.happened.crashed.append(page.url)

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
        self._spawn(self._save_download(download), self._tasks)

    async def _save_download(self, download: Download) -> None:
        if self.downloads_dir is None:
            self.downloads_dir = Path(tempfile.mkdtemp(prefix="navwright-downloads-"))
        self.happened.downloads.append(await save_download(download, self.downloads_dir))


async def _safe_title(page: Page) -> str:
    try:
        return await asyncio.wait_for(page.title(), 1.0)
    except (PlaywrightError, TimeoutError):
        return ""


async def _install_now(page: Page) -> None:
    """Put the page helpers into a document that loaded before the session added them (a given page);
    each installs itself once per document, and later documents get them from the init scripts."""
    for script in (settle_script(), install_script(), notices_script(), dialogs_script()):
        with contextlib.suppress(PlaywrightError, TimeoutError):
            await asyncio.wait_for(page.evaluate(script), 5.0)


async def _stop_script(cdp: CDPSession) -> None:
    """End the script the page is running (a loop that never yields), quietly and within 2 s."""
    try:
        await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), 2.0)
    except (PlaywrightError, TimeoutError):
        return


async def _quiet_close(page: Page) -> None:
    try:
        await asyncio.wait_for(page.close(), 2.0)
    except (PlaywrightError, TimeoutError):
        return
