"""Where a session's browser context comes from: one navwright opens (with a profile's cookies and
storage when asked), or one that belongs to someone else (a Playwright page or context handed in, or a
running Chromium reached over CDP). What navwright did not open it never closes."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from playwright.async_api import Browser, BrowserContext, Playwright
from playwright.async_api import Error as PlaywrightError

from navwright.browser.chromium import BrowserSettings
from navwright.browser.errors import BrowserUnavailable
from navwright.browser.profiles import ProfileError, ProfileStore


@dataclass
class OpenedContext:
    context: BrowserContext
    owned: bool
    """navwright opened it (and closes it, saving the profile first)."""


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
