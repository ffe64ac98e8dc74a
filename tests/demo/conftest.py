"""Demo shop fixtures: the shop on 127.0.0.1 and a real Chromium tab."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from playwright.async_api import Browser, Page, async_playwright

from navwright.demo import DemoShop, serve_demo

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def shop() -> Iterator[DemoShop]:
    with serve_demo() as running:
        yield running


@pytest.fixture(scope="session")
async def demo_browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest.fixture
async def demo_page(demo_browser: Browser) -> AsyncIterator[Page]:
    context = await demo_browser.new_context()
    page = await context.new_page()
    yield page
    await context.close()
