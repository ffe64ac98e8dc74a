"""The page in headless Chromium: start a run, watch its events, answer, approve, read the answer and its
evidence, find it in the history. With NAVWRIGHT_UI_SHOTS=DIR it also saves the page in each state at
1280 and 390 px wide (docs/ui/ holds these)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Page, async_playwright, expect
from script import Script, actions, ask, done, eid, finish, web_step
from server_support import Gated, LiveServer, ModelBook

from navwright.browser.chromium import BrowserSettings, find_chromium
from navwright.models.scripted import ScriptedModel

SHOTS = os.environ.get("NAVWRIGHT_UI_SHOTS")
WIDTHS = {1280: 820, 390: 844}


@pytest.fixture
async def page(server: LiveServer) -> AsyncIterator[Page]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(BrowserSettings()), headless=True)
        page = await browser.new_page(viewport={"width": 1280, "height": WIDTHS[1280]})
        await page.goto(server.url)
        yield page
        await browser.close()


async def shoot(page: Page, state: str) -> None:
    if not SHOTS:
        return
    for width, height in WIDTHS.items():
        await page.set_viewport_size({"width": width, "height": height})
        await page.wait_for_timeout(150)  # the layout settles after a resize (pictures only, no assertion)
        await page.screenshot(path=str(Path(SHOTS) / f"{state}-{width}.png"), full_page=width < 800)
    await page.set_viewport_size({"width": 1280, "height": WIDTHS[1280]})


async def let_through(model: Gated) -> None:
    await asyncio.to_thread(model.let_through)


async def test_the_page_runs_a_task_asks_and_shows_the_answer_with_evidence(
    server: LiveServer, book: ModelBook, site: str, page: Page
) -> None:
    script = Script(
        planner=[ask("Which name goes on the order?"), web_step("Buy the blue mug", site=f"{site}/buy.html")],
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Buy now")}),
                   lambda p: actions(done("Order placed" if "Order placed" in p else "nothing happened"))],
    )  # fmt: skip
    model = Gated(ScriptedModel(script))
    book["e2e"] = lambda: model
    book["quick"] = lambda: ScriptedModel(Script(navigator=[actions(done("The blue mug costs $12.00."))]))
    await shoot(page, "idle")
    await run_quick_tasks(page, site)

    await page.fill("#task", "Buy me the blue mug and put my name on the order")
    await page.fill("#model", "openai:e2e")
    await page.click("#run")
    await let_through(model)  # planner: ask for the name
    await expect(page.locator("#question")).to_have_text("Which name goes on the order?")
    await expect(page.locator("#feed")).to_contain_text("Plan · Ask you")
    await expect(page.locator("#status")).to_have_text("Needs you")
    await shoot(page, "asking")
    await page.fill("#answer", "Grace")
    await page.click("#answer-form button")
    await expect(page.locator("#ask-card")).to_be_hidden()
    await let_through(model)  # planner: the web step
    await let_through(model)  # navigator: click "Buy now", which needs approval
    await expect(page.locator("#confirm")).to_be_visible()
    await expect(page.locator("#question")).to_contain_text("Buy now")
    await shoot(page, "confirm")
    await page.click("#approve")
    await expect(page.locator("#feed .action.ok")).to_contain_text("click")
    # the page's own "Order placed" after the approved click ends the run: no further model call
    await expect(page.locator("#status")).to_have_text("Success")
    await expect(page.locator("#result-answer")).to_have_text("Order placed")
    await expect(page.locator("#evidence")).to_contain_text("Order placed")
    await expect(page.locator("#evidence .url").first).to_contain_text("/buy.html")
    calls = await page.locator("#feed .model").count()
    await expect(page.locator("#stat-calls")).to_have_text(str(calls))
    assert calls >= 3
    await expect(page.locator("#thumbs .thumb")).to_have_count(1)
    await expect(page.locator("#shot-img")).to_have_attribute("src", "/runs/" + page.url.split("/")[-1]
                                                              + "/screenshots/1")  # fmt: skip
    assert await page.locator("#feed .answered").all_text_contents() == ["↳You" + "Grace", "↳You" + "yes"]
    await shoot(page, "finished")

    await page.click("#tab-history")
    await expect(page.locator("#runs .run-row")).to_have_count(3)
    await page.fill("#search", "put my name")
    await expect(page.locator("#runs .run-row")).to_have_count(1)
    await page.fill("#search", "")
    await expect(page.locator("#runs .run-row")).to_have_count(3)
    await shoot(page, "history")
    await page.locator("#runs .run-row").first.click()
    await expect(page.locator("#result-answer")).to_have_text("Order placed")
    await page.click("#replay")
    await expect(page.locator("#result-card")).to_be_hidden()
    await expect(page.locator("#result-answer")).to_have_text("Order placed", timeout=20000)


async def run_quick_tasks(page: Page, site: str) -> None:
    """Two earlier runs for the history: a look-up that succeeds, one whose model does not exist."""
    for task, model, status in (("What does the blue mug cost?", "openai:quick", "Success"),
                                ("Find the cheapest teapot", "openai:missing", "Failed")):  # fmt: skip
        await page.fill("#task", task)
        await page.fill("#url", f"{site}/buy.html")
        await page.fill("#model", model)
        await page.click("#run")
        await expect(page.locator("#status")).to_have_text(status, timeout=30000)
    await page.fill("#url", "")
    await page.fill("#task", "")


async def test_the_page_pauses_edits_resumes_and_stops_a_run(
    server: LiveServer, book: ModelBook, site: str, page: Page
) -> None:
    buy = f"{site}/buy.html"
    script = Script(
        planner=[web_step("Save the mug for later", site=buy)],  # a pause cancels the first call
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Save for later")}),
                   actions(done("Saved for later"))],
        check=[finish("Saved for later.")],
    )  # fmt: skip
    model = Gated(ScriptedModel(script))
    book["steer"] = lambda: model
    await page.fill("#task", "Find the price of the mug")
    await page.fill("#model", "openai:steer")
    await page.click("#run")
    await expect(page.locator("#pause")).to_be_visible()
    await page.click("#pause")
    await expect(page.locator("#status")).to_have_text("Paused")
    await page.click("#edit")
    await page.fill("#edit-task", "Save the mug for later")
    await page.click("#edit-form button[type=submit]")
    await expect(page.locator("#feed")).to_contain_text("Task changed")
    await expect(page.locator("#run-task")).to_have_text("Save the mug for later")
    await page.click("#resume")
    await expect(page.locator("#status")).to_have_text("Running")
    for _ in range(4):  # the planner for the new task, the navigator twice, the check
        await let_through(model)
    await expect(page.locator("#status")).to_have_text("Success")
    await expect(page.locator("#feed .step .step-goal")).to_have_text(["Save the mug for later"])

    stuck = Gated(ScriptedModel(Script(planner=[web_step("anything")])))
    book["stuck"] = lambda: stuck
    await page.fill("#model", "openai:stuck")
    await page.click("#run")
    await expect(page.locator("#stop")).to_be_visible()
    assert await asyncio.to_thread(stuck.waiting.wait, 20)
    await page.click("#stop")
    await expect(page.locator("#status")).to_have_text("Stopped")
    await expect(page.locator("#result-label")).to_have_text("Run stopped")


async def test_the_api_docs_draw_with_nothing_fetched_from_elsewhere(server: LiveServer, page: Page) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    await page.goto(f"{server.url}/docs")
    await expect(page.locator(".opblock-summary-path").first).to_be_visible(timeout=20000)
    paths = await page.locator(".opblock-summary-path").all_text_contents()
    assert "/runs/{run_id}/answer" in paths and "/runs/{run_id}/events" in paths
    assert asked and all(url.startswith(server.url) for url in asked), asked
