"""The pretix shop can be bought from, as its buy tasks ask: a person's clicks through its checkout in real
Chromium, paying by bank transfer, place the order that the task's judge accepts. (The seed once left
the shop with no way to pay, so no run could succeed; the judges' own test writes orders by SQL.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from apps_installed import installed
from playwright.async_api import Page

from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession


async def _buy_two_friday_tickets(page: Page, url: str) -> None:
    await page.goto(f"{url}/harbour-arts/jazz27/")
    await page.get_by_role("spinbutton", name="Friday day ticket").first.fill("2")
    await page.get_by_role("button", name="Add to cart").click()
    await page.wait_for_url("**require_cookie**")
    await page.goto(f"{url}/harbour-arts/jazz27/checkout/start")
    await page.get_by_role("textbox", name="Email").fill("jonas.weber@example.org")
    await page.get_by_role("button", name="Continue").click()
    await page.get_by_text("Bank transfer").first.wait_for()  # the one way to pay, chosen already
    await page.get_by_role("button", name="Continue").click()
    await page.get_by_role("button", name="Place binding order").click()
    await page.get_by_text("Your order has been placed successfully").wait_for()


@pytest.mark.apps
async def test_two_friday_tickets_bought_by_bank_transfer_pass_the_buy_judge(tmp_path: Path) -> None:
    app, python = installed("pretix")
    task = next(t for t in app.tasks() if t.id == "pretix-buy-friday")
    work = tmp_path / "data"
    with app.running(python, work) as url:
        assert not task.check(app.database(work), "Done.").ok
        async with BrowserSession(BrowserSettings(allowed_domains=["127.0.0.1"])) as session:
            await _buy_two_friday_tickets(session.page, url)
        verdict = task.check(app.database(work), "Done.")
    assert verdict.ok, verdict.why
