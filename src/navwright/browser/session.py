"""One Chromium per run: tabs, dialogs, downloads, crashes and domain limits, all reported in words.

The session records what happened between two actions (`Happenings`, kept by the tab watch in
`browser/tabwatch.py`); the change-observation helper drains that record into the next action result,
so nothing the page did is lost or hangs the run. Where the browser context comes from, and what
navwright may close, is `browser/contexts.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from types import TracebackType

from playwright.async_api import Browser, BrowserContext, Page
from playwright.async_api import Error as PlaywrightError

from navwright.browser.chromium import BrowserSettings
from navwright.browser.contexts import ContextSource
from navwright.browser.datafence import DataFence
from navwright.browser.errors import BrowserUnavailable, NavigationFailed
from navwright.browser.happenings import DialogPolicy, Happenings, TabInfo, dialogs_script
from navwright.browser.netpolicy import (
    DomainGuard,
    describe_blocked,
    describe_navigation_error,
    describe_scheme,
    scheme_allowed,
    url_allowed,
)
from navwright.browser.observe import install_script, listeners_script
from navwright.browser.problems import notices_script
from navwright.browser.profiles import ProfileStore
from navwright.browser.settle import settle_script
from navwright.browser.tabwatch import TabWatch, quiet_close
from navwright.browser.views import Views


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
        self._given_page = page
        self._source = ContextSource(self.settings, profiles or ProfileStore(), browser=browser,
                                     context=page.context if page is not None else context)
        run_downloads = run_dir / "downloads" if run_dir else None
        self._tabs = TabWatch(self.settings.downloads_dir or run_downloads)
        self._guard = DomainGuard(self.settings.allowed_domains, self._tabs.happened)
        self._routed = False
        self._context: BrowserContext | None = None
        self.views = Views()
        """Each tab's last look: an action's "after" is the model's next view and the next "before"."""

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

    async def _start(self) -> None:
        ctx = self._context = await self._source.open()
        ctx.set_default_timeout(self.settings.action_timeout_s * 1000)
        ctx.set_default_navigation_timeout(self.settings.navigation_timeout_s * 1000)
        for script in PAGE_HELPERS:
            await ctx.add_init_script(script())
        self._guard.fetcher = ctx.request
        if self.settings.allowed_domains:
            await self._route()
        self._tabs.watch(ctx)
        if self._given_page is not None:
            self._tabs.adopt(self._given_page)
            self._tabs.current = self._given_page
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

    async def close(self) -> None:
        """Close everything this session opened; safe to call twice and after errors."""
        self._tabs.stop()
        await self._source.close(self._let_go)
        self._context = None
        self._routed = False

    async def _let_go(self, ctx: BrowserContext) -> None:
        """Leave a context that is not ours as it was: close only our tabs, drop our handlers and route."""
        with contextlib.suppress(PlaywrightError):
            if self.settings.allowed_domains:
                await ctx.unroute("**/*", self._guard.handle)
        await self._tabs.let_go(ctx)

    @property
    def happened(self) -> Happenings:
        """What happened since `take_happenings` was last called."""
        return self._tabs.happened

    @property
    def dialog_policy(self) -> DialogPolicy | None:
        return self._tabs.dialog_policy

    @dialog_policy.setter
    def dialog_policy(self, policy: DialogPolicy | None) -> None:
        """How to answer the next dialog the page opens (once)."""
        self._tabs.dialog_policy = policy

    @property
    def downloads_dir(self) -> Path | None:
        """Where downloads go; without a run folder, a temporary folder made at the first download."""
        return self._tabs.downloads_dir

    # tabs -------------------------------------------------------------------------------------

    @property
    def context(self) -> BrowserContext:
        if self._context is None:
            raise BrowserUnavailable("the browser session is not running")
        return self._context

    @property
    def browser(self) -> Browser | None:
        """The Chromium this session launched or shares (None before start and after close)."""
        return self._source.browser

    @property
    def page(self) -> Page:
        """The current tab."""
        current = self._tabs.current
        if current is None or current.is_closed():
            raise BrowserUnavailable("no tab is open; open a URL first")
        return current

    @property
    def pages(self) -> list[Page]:
        return list(self._tabs.pages)

    def is_crashed(self, page: Page | None = None) -> bool:
        return self._tabs.is_crashed(page or self._tabs.current)

    def mark_crashed(self, page: Page) -> None:
        """Record a crashed tab (from its crash event, or a 'Target crashed' error seen first)."""
        self._tabs.mark_crashed(page)

    async def new_tab(self) -> Page:
        return await self._tabs.new_tab(self.context)

    def switch_to(self, index: int) -> Page:
        pages = self._tabs.pages
        if not 0 <= index < len(pages):
            raise NavigationFailed(f"there is no tab {index}; tabs are 0 to {len(pages) - 1}")
        self._tabs.current = pages[index]
        return pages[index]

    async def close_tab(self, index: int | None = None) -> None:
        page = self.page if index is None else self.switch_to(index)
        self._tabs.forget(page)
        await page.close()
        if not self._tabs.pages:
            await self.new_tab()

    async def tab_list(self) -> list[TabInfo]:
        out = []
        for i, p in enumerate(self._tabs.pages):
            title = "" if self.is_crashed(p) else await safe_title(p)
            out.append(TabInfo(index=i, url=p.url, title=title, current=p is self._tabs.current))
        return out

    def current_index(self) -> int:
        return self._tabs.pages.index(self.page)

    # navigation -------------------------------------------------------------------------------

    async def open(self, url: str) -> str | None:
        """Load `url` in the current tab (a fresh tab if the current one crashed).

        Raises NavigationFailed in words; returns a note when the server answered with an error status.
        """
        stale = self._tabs.current
        if stale is None or stale.is_closed() or self.is_crashed():
            await self.new_tab()
            if stale is not None:
                self._tabs.forget(stale)
                await quiet_close(stale)
        self._guard.blocked_main = None
        refused = self._refusal(url)
        if refused:
            raise NavigationFailed(refused)
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

    def _refusal(self, url: str) -> str | None:
        """Why the fence keeps `url` out (its scheme, or its host), or None when it may be opened."""
        schemes = self.settings.allowed_schemes
        if not scheme_allowed(url, schemes):
            return describe_scheme(url, schemes)
        if not url_allowed(url, self.settings.allowed_domains, schemes):
            self._guard.blocked_main = url
            return describe_blocked(url, self._guard)
        return None

    async def finish_downloads(self, timeout_s: float) -> None:
        """Wait (bounded) for downloads in progress to be saved."""
        await self._tabs.finish_downloads(timeout_s)

    async def wait_for_new_tab(self, timeout_s: float) -> None:
        """Wait (bounded) until a tab the page asked for has arrived."""
        await self._tabs.wait_for_new_tab(timeout_s)

    def has_pending_downloads(self) -> bool:
        return self._tabs.has_pending_downloads()

    def take_happenings(self) -> Happenings:
        """Return what happened since the last call and start a fresh record."""
        done, self._tabs.happened = self._tabs.happened, Happenings()
        self._guard.happened = self._tabs.happened
        return done


PAGE_HELPERS = (settle_script, listeners_script, install_script, notices_script, dialogs_script)
"""The page helpers (inert scripts) installed in every document of the context the session drives."""


async def safe_title(page: Page) -> str:
    """The page's title; "" when it cannot be read within a second."""
    try:
        return await asyncio.wait_for(page.title(), 1.0)
    except (PlaywrightError, TimeoutError):
        return ""


async def _install_now(page: Page) -> None:
    """Put the page helpers into a document that loaded before the session added them (a given page);
    each installs itself once per document, and later documents get them from the init scripts."""
    for script in PAGE_HELPERS:
        with contextlib.suppress(PlaywrightError, TimeoutError):
            await asyncio.wait_for(page.evaluate(script()), 5.0)
