"""The demo shop works for a person in a real browser: browse, search, cart, checkout."""

from __future__ import annotations

from playwright.async_api import Page

from navwright.demo import DemoShop, serve_demo


async def test_home_lists_categories_and_a_search_box(shop: DemoShop, demo_page: Page) -> None:
    await demo_page.goto(shop.url + "/")
    assert await demo_page.get_by_role("searchbox", name="Search products").count() == 1
    for name in ("Headphones", "Keyboards", "Mice", "Monitors"):
        assert await demo_page.get_by_role("link", name=name, exact=True).count() == 1


async def test_category_page_sorted_by_price_puts_cheapest_first(shop: DemoShop, demo_page: Page) -> None:
    await demo_page.goto(shop.url + "/category/mice")
    await demo_page.get_by_label("Sort by").select_option("price-asc")
    await demo_page.get_by_role("button", name="Apply").click()
    await demo_page.wait_for_url("**sort=price-asc")
    first = demo_page.locator(".products li").first
    assert "Trail Travel Mouse" in await first.inner_text()
    assert "$17.49" in await first.inner_text()


async def test_search_box_finds_products_by_word(shop: DemoShop, demo_page: Page) -> None:
    await demo_page.goto(shop.url + "/")
    await demo_page.get_by_role("searchbox", name="Search products").fill("wireless")
    await demo_page.get_by_role("button", name="Search").click()
    await demo_page.wait_for_url("**/search?q=wireless")
    names = await demo_page.locator(".products h3").all_inner_texts()
    assert "Glide Wireless Mouse" in names
    assert "Aurora ANC Wireless Headphones" in names
    assert all("Monitor" not in n for n in names)


async def test_add_to_cart_with_quantity_shows_line_and_total(shop: DemoShop, demo_page: Page) -> None:
    await demo_page.goto(shop.url + "/product/kb-mini")
    await demo_page.get_by_label("Quantity").fill("2")
    await demo_page.get_by_role("button", name="Add to cart").click()
    await demo_page.wait_for_url("**/cart?added=kb-mini")
    await demo_page.goto(shop.url + "/product/ms-dot")
    await demo_page.get_by_role("button", name="Add to cart").click()
    await demo_page.wait_for_url("**/cart?added=ms-dot")
    assert await demo_page.locator("#cart-total").inner_text() == "Total: $75.90"
    assert "Cart (3)" in await demo_page.locator("header").inner_text()


async def test_checkout_form_has_address_and_card_fields_and_places_order(
    shop: DemoShop, demo_page: Page
) -> None:
    await demo_page.goto(shop.url + "/product/ms-trail")
    await demo_page.get_by_role("button", name="Add to cart").click()
    await demo_page.wait_for_url("**/cart?added=ms-trail")
    await demo_page.get_by_role("link", name="Proceed to checkout").click()
    for label, value in (
        ("Full name", "Ada Lovelace"),
        ("Street address", "1 Loop Rd"),
        ("City", "London"),
        ("Postal code", "N1"),
        ("Card number", "4242424242424242"),
        ("Expiry (MM/YY)", "12/30"),
        ("CVC", "123"),
    ):
        await demo_page.get_by_label(label).fill(value)
    await demo_page.get_by_role("button", name="Place order").click()
    await demo_page.wait_for_url("**/order/**")
    assert "has been placed" in await demo_page.locator("main").inner_text()
    await demo_page.goto(shop.url + "/cart")
    assert "Your cart is empty." in await demo_page.locator("main").inner_text()


async def test_cookie_banner_can_be_dismissed_and_stays_away(shop: DemoShop, demo_page: Page) -> None:
    await demo_page.goto(shop.url + "/")
    await demo_page.get_by_role("button", name="Accept").click()
    assert await demo_page.locator("#cookie-banner").count() == 0
    await demo_page.reload()
    assert await demo_page.locator("#cookie-banner").count() == 0


async def test_manifest_published_only_when_asked(demo_page: Page) -> None:
    with serve_demo(manifest=True) as on:
        await demo_page.goto(on.url + "/")
        ids = await demo_page.locator("ul.api > li").evaluate_all("els => els.map(e => e.id)")
        assert ids == ["search_products", "add_to_cart", "view_cart"]
    with serve_demo(manifest=False) as off:
        await demo_page.goto(off.url + "/")
        assert await demo_page.locator("ul.api").count() == 0


async def test_cart_api_shares_the_session_cookie_with_pages(shop: DemoShop, demo_page: Page) -> None:
    await demo_page.goto(shop.url + "/")
    reply = await demo_page.context.request.post(
        shop.url + "/api/cart", data={"product_id": "hp-echo", "quantity": 3}
    )
    assert reply.ok
    assert (await reply.json())["cart"]["total"] == 103.5
    await demo_page.goto(shop.url + "/cart")
    assert await demo_page.locator("#cart-total").inner_text() == "Total: $103.50"


async def test_search_api_rejects_unknown_category_in_words(shop: DemoShop, demo_page: Page) -> None:
    reply = await demo_page.context.request.get(shop.url + "/api/products?query=x&category=toasters")
    assert reply.status == 400
    assert "unknown category" in (await reply.json())["error"]
