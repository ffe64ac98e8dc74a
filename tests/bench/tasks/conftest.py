"""Suite-site fixtures: a real headless Chromium tab; sites are served per test by the tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, Page, async_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


@pytest.fixture(scope="session")
async def suite_browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def page(suite_browser: Browser) -> AsyncIterator[Page]:
    context = await suite_browser.new_context()
    tab = await context.new_page()
    yield tab
    await context.close()
