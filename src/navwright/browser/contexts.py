"""Where a session's browser context comes from: one navwright opens (with a profile's cookies and
storage when asked), or one that belongs to someone else (a Playwright page or context handed in, or a
running Chromium reached over CDP). What navwright did not open it never closes."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from playwright.async_api import Browser, BrowserContext, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from navwright.browser.chromium import BrowserSettings, find_chromium
from navwright.browser.errors import BrowserUnavailable
from navwright.browser.profiles import ProfileError, ProfileStore


@dataclass
class OpenedContext:
    context: BrowserContext
    owned: bool
    """navwright opened it (and closes it, saving the profile first)."""


class ContextSource:
    """Obtains a session's context and, at the end, closes exactly what it opened.

    In order: the `context` handed in (navwright's own tabs in it), a running Chromium at
    `settings.cdp_url` (its own context, or a new one when it has none), the shared `browser` (a new
    context on it), else a Chromium launched here. A context navwright opened is closed with its
    profile saved first; one that belongs to someone else is handed to `let_go` instead.
    """

    def __init__(
        self, settings: BrowserSettings, profiles: ProfileStore, *, browser: Browser | None,
        context: BrowserContext | None,
    ) -> None:  # fmt: skip
        self.settings = settings
        self.given = context
        self._profiles = profiles
        self._shared = browser
        self._pw: Playwright | None = None
        self._launched: Browser | None = None
        self._opened: OpenedContext | None = None

    @property
    def browser(self) -> Browser | None:
        """The Chromium launched here or shared (None before opening and after closing)."""
        return self._shared or self._launched

    async def open(self) -> BrowserContext:
        check_profile_use(self.settings, borrowed=self.given is not None)
        if self.given is not None:
            self._opened = OpenedContext(self.given, owned=False)
        elif self.settings.cdp_url:
            self._pw = await async_playwright().start()
            browser = await connect_cdp(self._pw, self.settings.cdp_url)
            self._opened = await cdp_context(browser, self.settings, self._profiles)
        else:
            browser = self._shared or await self._launch()
            context = await new_context(browser, self.settings, self._profiles)
            self._opened = OpenedContext(context, owned=True)
        return self._opened.context

    async def _launch(self) -> Browser:
        executable = find_chromium(self.settings)
        self._pw = await async_playwright().start()
        try:
            self._launched = await self._pw.chromium.launch(
                executable_path=executable, headless=self.settings.headless, args=self.settings.launch_args()
            )
        except PlaywrightError as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else "unknown error"
            which = executable or "Playwright's build"
            raise BrowserUnavailable(f"Chromium ({which}) failed to start: {first}") from e
        return self._launched

    async def close(self, let_go: Callable[[BrowserContext], Awaitable[None]]) -> None:
        """Close what was opened here (safe to call twice); a context not ours goes to `let_go`."""
        opened, self._opened = self._opened, None
        if opened is not None and opened.owned:
            await save_profile(opened.context, self.settings, self._profiles)
            with contextlib.suppress(PlaywrightError):
                await opened.context.close()
        elif opened is not None:
            await let_go(opened.context)
        if self._launched is not None:
            with contextlib.suppress(PlaywrightError):
                await self._launched.close()
            self._launched = None
        if self._pw is not None:
            await self._pw.stop()
            self._pw = None


def check_profile_use(settings: BrowserSettings, *, borrowed: bool) -> None:
    """A profile is loaded into a context navwright opens; a borrowed browser keeps its own logins."""
    if settings.profile and (borrowed or settings.cdp_url):
        raise ProfileError(
            "a browser profile applies to a browser navwright opens; a given page, context or CDP browser "
            "keeps its own cookies (leave out the profile)"
        )


async def new_context(browser: Browser, settings: BrowserSettings, profiles: ProfileStore) -> BrowserContext:
    """A fresh context on `browser`, starting from the profile's saved state when there is one."""
    state = profiles.load_path(settings.profile) if settings.profile else None
    try:
        return await browser.new_context(
            viewport={"width": settings.viewport_width, "height": settings.viewport_height},
            accept_downloads=True, storage_state=state,
        )  # fmt: skip
    except PlaywrightError as exc:
        if state is None:
            raise
        raise ProfileError(f"profile {settings.profile!r} could not be loaded: {_first(exc)}") from exc


async def connect_cdp(pw: Playwright, url: str) -> Browser:
    try:
        return await pw.chromium.connect_over_cdp(url)
    except PlaywrightError as exc:
        raise BrowserUnavailable(f"no Chromium answered at {url}: {_first(exc)}") from exc


async def cdp_context(browser: Browser, settings: BrowserSettings, profiles: ProfileStore) -> OpenedContext:
    """The running browser's own context (its logins), or a new one when it has none."""
    if browser.contexts:
        return OpenedContext(browser.contexts[0], owned=False)
    return OpenedContext(await new_context(browser, settings, profiles), owned=True)


async def save_profile(context: BrowserContext, settings: BrowserSettings, profiles: ProfileStore) -> None:
    """Keep the context's cookies and storage under the profile's name (quietly skipped when the browser
    is gone: the profile keeps its earlier state)."""
    if not settings.profile:
        return
    with contextlib.suppress(PlaywrightError):
        profiles.save(settings.profile, dict(await context.storage_state()))


def _first(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__
