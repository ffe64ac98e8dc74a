"""Site-API test fixtures: recording fixture sites (site_server.Site) and a real Chromium tab."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Mapping

import pytest
from playwright.async_api import Browser, Page, async_playwright
from site_server import Site

from navwright.browser.chromium import DEFAULT_ARGS


@pytest.fixture
def site() -> Iterator[Callable[[Mapping[str, str]], Site]]:
    started: list[Site] = []

    def start(pages: Mapping[str, str]) -> Site:
        started.append(Site(pages))
        return started[-1]

    yield start
    for s in started:
        s.stop()


@pytest.fixture(scope="session")
async def sites_browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=list(DEFAULT_ARGS))
        yield browser
        await browser.close()


@pytest.fixture
async def tab(sites_browser: Browser) -> AsyncIterator[Page]:
    context = await sites_browser.new_context()
    page = await context.new_page()
    yield page
    await context.close()
