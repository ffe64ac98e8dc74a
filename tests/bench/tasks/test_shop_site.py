"""Northpeak Outfitters driven as a person would, in headless Chromium: each action task's check passes
after the right order and fails after a wrong one; required options are refused the way real shops do."""

from __future__ import annotations

from playwright.async_api import Page

from navwright.bench.tasks.sites.shop import SITE
from navwright.bench.tasks.spec import SiteInstance, TaskSpec
from navwright.bench.tasks.web import serve


def task(task_id: str) -> TaskSpec:
    return next(t for t in SITE.tasks if t.id == task_id)


async def checkout(page: Page, shipping: str) -> None:
    await page.click("text=Cart (")
    await page.click("text=Proceed to checkout")
    for name, value in [("name", "Dana Whitfield"), ("email", "dana.whitfield@example.com"),
                        ("address", "14 Elm Street"), ("city", "Portland"), ("zip", "97205"),
                        ("country", "United States"), ("card", "4111 1111 1111 1111"), ("expiry", "08/29"),
                        ("cvc", "123")]:  # fmt: skip
        await page.fill(f"form.co input[name={name}]", value)
    await page.check(f"input[name=shipping][value={shipping}]")
    await page.click("text=Place order")
    await page.wait_for_selector("text=Your order number is")


async def order_parka(page: Page, base: str, size: str) -> None:
    await page.goto(base + "/search?q=parka")
    await page.click("text=Alpine Down Parka")
    await page.click("text=Add to cart")
    assert "/p/alpine-down-parka" in page.url and "added" not in page.url, "the browser refused the form"
    assert await page.eval_on_selector("#size", "e => e.validationMessage") != ""
    await page.select_option("#size", size)
    await page.select_option("#colour", "Navy")
    await page.click("text=Add to cart")
    await page.wait_for_selector("text=Added Alpine Down Parka to your cart")
    await checkout(page, "standard")


async def test_ordering_the_parka_passes_its_check_and_a_wrong_size_fails(page: Page) -> None:
    spec = task("shop-order-parka")
    right: SiteInstance = SITE.create()
    with serve(right.app) as base:
        await order_parka(page, base, "M")
    assert spec.check(right, "").ok, spec.check(right, "").why
    wrong = SITE.create()
    with serve(wrong.app) as base:
        await order_parka(page, base, "L")
    verdict = spec.check(wrong, "Ordered the parka")
    assert not verdict.ok and "wanted" in verdict.why
    assert not spec.check(SITE.create(), "Done!").ok, "no order, no success"


async def test_two_trail_runners_in_43_with_express_pass_and_the_size_is_asked_for_inline(page: Page) -> None:
    spec = task("shop-order-runners")
    instance = SITE.create()
    with serve(instance.app) as base:
        await page.goto(base + "/c/footwear")
        await page.click("text=Summit Trail Runner")
        await page.click("text=Add to cart")
        assert await page.is_visible("text=Please choose a size.")
        await page.click("text=EU 43")
        assert not await page.is_visible("text=Please choose a size.")
        await page.fill("#qty", "2")
        await page.click("text=Add to cart")
        await page.wait_for_selector("text=Added Summit Trail Runner")
        await checkout(page, "express")
        assert await page.is_visible("text=$282.95")
    assert spec.check(instance, "").ok, spec.check(instance, "").why
    standard = SITE.create()
    with serve(standard.app) as base:
        await page.goto(base + "/p/summit-trail-runner")
        await page.click("text=EU 43")
        await page.fill("#qty", "2")
        await page.click("text=Add to cart")
        await checkout(page, "standard")
    assert "ships standard" in spec.check(standard, "").why


async def test_the_accessories_list_pages_by_12_and_sorts_by_price(page: Page) -> None:
    instance = SITE.create()
    with serve(instance.app) as base:
        await page.goto(base + "/c/accessories")
        assert await page.locator(".card").count() == 12
        assert not await page.is_visible("text=TrailSense GPS Watch")
        await page.select_option("select[name=sort]", "price_desc")
        await page.wait_for_url("**sort=price_desc**")
        assert "TrailSense GPS Watch" in await page.locator(".card a").first.inner_text()
    assert task("shop-priciest-accessory").check(instance, "The TrailSense GPS Watch at $279.00").ok
    assert not task("shop-priciest-accessory").check(instance, "The Down Sleeping Bag").ok
