"""Site functions as navigator skills: policy flags, schemas, change observation, cookies, failures."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping

import pytest
from pydantic import ValidationError
from site_server import Site

from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.browser.skills.base import Skill, SkillContext
from navwright.demo import DemoShop, serve_demo
from navwright.sites import SiteSkillSource

MakeSite = Callable[[Mapping[str, str]], Site]

UNDO_PAGE = """<!doctype html><title>Notes</title>
<api name="archive_all" data-js="notes.archive"><p class="description">Archive every note</p><ul></ul></api>
<api name="click" data-js="notes.archive" data-safe><ul></ul></api>
<ul class="api"><li id="fail" data-endpoint="/api/fail" data-method="POST">Fails<ul></ul></li></ul>
<main id="main"><p>3 notes</p></main>
<script>window.notes = {archive() {
  document.getElementById('main').innerHTML = '<p>0 notes</p><button>Undo archive</button>';
  return {archived: 3};
}};</script>"""


@pytest.fixture
async def session() -> AsyncIterator[BrowserSession]:
    async with BrowserSession(BrowserSettings()) as running:
        yield running


@pytest.fixture
def shop() -> AsyncIterator[DemoShop]:
    with serve_demo() as running:
        yield running


async def _skills(session: BrowserSession, **kw: object) -> dict[str, Skill]:
    source = SiteSkillSource(probe_well_known=False, **kw)  # type: ignore[arg-type]
    return {s.name: s for s in await source.skills_for(session.page)}


async def test_demo_shop_functions_become_skills_with_the_confirmation_policy(
    session: BrowserSession, shop: DemoShop
) -> None:
    await session.open(shop.url + "/")
    skills = await _skills(session)
    assert set(skills) == {"search_products", "add_to_cart", "view_cart"}
    search, add = skills["search_products"], skills["add_to_cart"]
    assert search.read_only and not search.needs_confirmation and not search.changes_page
    assert not add.read_only and add.needs_confirmation
    assert search.params(query="mouse", sort="price-asc").model_dump(exclude_none=True) == {
        "query": "mouse",
        "sort": "price-asc",
    }
    with pytest.raises(ValidationError):
        search.params(query="mouse", sort="cheapest")
    with pytest.raises(ValidationError):
        add.params(quantity=2)


async def test_add_to_cart_skill_carries_cookies_so_the_cart_page_shows_it(
    session: BrowserSession, shop: DemoShop
) -> None:
    await session.open(shop.url + "/")
    skills = await _skills(session)
    ctx = SkillContext(session=session)
    found = await skills["search_products"].run(
        ctx, skills["search_products"].params(query="mouse", sort="price-asc")
    )
    assert found.ok and '"id":"ms-trail"' in (found.text or "")
    added = await skills["add_to_cart"].run(
        ctx, skills["add_to_cart"].params(product_id="ms-trail", quantity=2)
    )
    assert added.ok, added.error
    assert '"total":34.98' in (added.text or "")
    await session.open(shop.url + "/cart")
    assert await session.page.locator("#cart-total").inner_text() == "Total: $34.98"


async def test_page_function_skill_reports_what_changed_on_the_page(
    session: BrowserSession, site: MakeSite
) -> None:
    s = site({"/": UNDO_PAGE})
    await session.open(s.url + "/")
    skills = await _skills(session, reserved={"click", "type_text"})
    assert "site_click" in skills and "click" not in skills  # never shadows a browser skill
    archive = skills["archive_all"]
    assert archive.changes_page and archive.needs_confirmation
    result = await archive.run(SkillContext(session=session), archive.params())
    assert result.ok, result.error
    assert result.text == '{"archived":3}'
    assert "Undo archive" in [e.name for e in result.appeared]


async def test_failed_skill_says_why_and_suggests_clicking(session: BrowserSession, site: MakeSite) -> None:
    s = site({"/": UNDO_PAGE})
    await session.open(s.url + "/")
    fail = (await _skills(session))["fail"]
    result = await fail.run(SkillContext(session=session), fail.params())
    assert not result.ok
    assert "HTTP 500" in (result.error or "") and "clicking" in (result.error or "")


async def test_skill_outside_allowed_domains_is_refused(session: BrowserSession, shop: DemoShop) -> None:
    await session.open(shop.url + "/")
    add = (await _skills(session))["add_to_cart"]
    ctx = SkillContext(session=session, allowed_domains=["shop.example"])
    result = await add.run(ctx, add.params(product_id="ms-trail"))
    assert not result.ok and "not an allowed domain" in (result.error or "")
    await session.open(shop.url + "/cart")
    assert "Your cart is empty." in await session.page.inner_text("main")
