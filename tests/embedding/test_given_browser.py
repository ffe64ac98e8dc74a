"""navwright in a browser the caller already has: a Playwright page, a context, a CDP endpoint.
navwright drives it and closes nothing it did not open."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator

import pytest
from chat_script_server import ScriptServer
from login_site import LoginSite, login_script
from playwright.async_api import Browser, async_playwright

from navwright.api import Given, run
from navwright.browser.chromium import DEFAULT_ARGS, BrowserSettings, find_chromium
from navwright.config import Settings

LOG_IN = "Log in as ada, password lovelace-1815"
"""The person gives the password: a run types no value nobody gave."""


@pytest.fixture
async def own_browser() -> AsyncIterator[tuple[Browser, int]]:
    """The test's own Chromium, also listening for CDP on a free port of 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = [*DEFAULT_ARGS, f"--remote-debugging-port={port}", "--remote-debugging-address=127.0.0.1"]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(BrowserSettings()), args=args)
        yield browser, port
        await browser.close()


async def test_navwright_drives_the_page_it_is_handed_and_leaves_it_open(
    own_browser: tuple[Browser, int], login_site: LoginSite
) -> None:
    browser, _ = own_browser
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{login_site.url}/login")
    with ScriptServer(login_script()) as model:
        result = await run(LOG_IN + ", and say who is signed in", given=Given(page=page), model=model.spec,
                           config=Settings())  # fmt: skip
    assert result.status == "success", result
    assert not page.is_closed() and context.pages == [page], "navwright opened and closed no tab of ours"
    assert page.url == f"{login_site.url}/account"
    assert "Signed in as Ada Lovelace" in await page.inner_text("body")
    cookies = await context.cookies()
    assert [c["name"] for c in cookies] == ["sid"], "the login stays in the caller's context"
    await context.close()


async def test_navwright_runs_in_a_new_tab_of_a_given_context_and_closes_only_that_tab(
    own_browser: tuple[Browser, int], login_site: LoginSite
) -> None:
    browser, _ = own_browser
    context = await browser.new_context()
    mine = await context.new_page()
    with ScriptServer(login_script()) as model:
        result = await run(LOG_IN, url=f"{login_site.url}/login", given=Given(context=context),
                           model=model.spec, config=Settings())  # fmt: skip
    assert result.status == "success", result
    assert context.pages == [mine], "the tab navwright opened is closed, the caller's tab is not"
    assert [c["name"] for c in await context.cookies()] == ["sid"]
    await context.close()


async def test_a_cdp_browser_keeps_running_after_the_run(
    own_browser: tuple[Browser, int], login_site: LoginSite
) -> None:
    browser, port = own_browser
    mine = await browser.new_page()
    with ScriptServer(login_script()) as model:
        settings = Settings(browser=BrowserSettings(cdp_url=f"http://127.0.0.1:{port}"))
        result = await run(LOG_IN, url=f"{login_site.url}/login", model=model.spec, config=settings)
    assert result.status == "success", result
    assert browser.is_connected() and not mine.is_closed()
    async with async_playwright() as pw:
        seen = await pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        default = seen.contexts[0]
        assert [c["name"] for c in await default.cookies()] == ["sid"], "logged in the browser's context"
        assert not [p for p in default.pages if "/account" in p.url], "navwright closed the tab it opened"


async def test_a_profile_with_a_given_page_is_refused_in_words(own_browser: tuple[Browser, int]) -> None:
    browser, _ = own_browser
    page = await browser.new_page()
    result = await run("look", given=Given(page=page), profile="work", model="openai:x@http://127.0.0.1:9/v1",
                       config=Settings())  # fmt: skip
    assert result.status == "failed" and "keeps its own cookies" in (result.error or "")
    assert not page.is_closed()
    await page.close()
