"""The wiki site, browsed in Chromium as a person would; its answer checks judge against its own data."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from navwright.bench.tasks.sites.wiki import SITE
from navwright.bench.tasks.sites.wiki.data import WikiState
from navwright.bench.tasks.spec import SiteInstance, TaskSpec
from navwright.bench.tasks.web import serve

Site = tuple[SiteInstance, str]


@pytest.fixture
def site() -> Iterator[Site]:
    instance = SITE.create()
    with serve(instance.app) as url:
        yield instance, url


def task(task_id: str) -> TaskSpec:
    return next(t for t in SITE.tasks if t.id == task_id)


def test_articles_are_long_with_a_census_table_below_the_first_screen(page: Page, site: Site) -> None:
    instance, url = site
    page.goto(url + "/")
    page.get_by_role("searchbox", name="Search Serrantpedia").fill("Corva")
    page.get_by_role("button", name="Search").click()
    page.get_by_role("link", name="Corva", exact=True).first.click()
    expect(page.get_by_role("heading", name="Corva", level=1)).to_be_visible()
    assert page.evaluate("document.body.scrollHeight") > 3 * 900
    row = page.get_by_role("table", name="Population by census").get_by_role("row").filter(has_text="1908")
    assert row.bounding_box()["y"] > 900  # type: ignore[index]
    assert page.get_by_role("table", name="Population by census").get_by_role("row").count() >= 21
    state = instance.state
    assert isinstance(state, WikiState)
    figure = f"{dict(state.by_name('Corva').census)[1908]:,}"
    expect(row).to_contain_text(figure)
    assert task("wiki-corva-1908").check(instance, f"Corva had {figure} inhabitants in 1908.").ok


def test_search_finds_text_inside_articles_and_categories_list_members(page: Page, site: Site) -> None:
    _, url = site
    page.goto(url + "/search?q=Tobias+Ferrant")
    expect(page.get_by_text("1 result for")).to_be_visible()
    page.get_by_role("link", name="Corva").click()
    page.get_by_role("link", name="Ports", exact=True).last.click()
    expect(page.get_by_role("heading", name="Category: Ports")).to_be_visible()
    assert page.locator("main li").count() == 6
    assert page.locator("main").get_by_role("link", name="Pelin").count() == 0
    page.goto(url + "/wiki/isla-brava")
    page.get_by_role("link", name="Pelin").click()
    expect(page.locator(".infobox")).to_contain_text("1688")


def test_every_task_has_a_right_answer_and_rejects_a_wrong_one() -> None:
    instance = SITE.create()
    state = instance.state
    assert isinstance(state, WikiState)
    pelin, vellmar = state.by_name("Pelin"), state.by_name("Vellmar")
    cases = {
        "wiki-vellmar-mayor": ("The mayor is Nadia Ferreiro.", "The mayor is Rafael Anconi."),
        "wiki-pelin-population": (f"{pelin.population:,}", f"{vellmar.population:,}"),
        "wiki-ostrahavn-july": (f"{state.by_name('Ostrahavn').climate[6][1]} °C", "30 °C"),
        "wiki-founded-first": ("Corva (1612) was founded before Pelin (1688).", "Pelin was founded first."),
        "wiki-largest-port": ("Corva, with 18,430 people.", "Ostrahavn"),
        "wiki-keeper-town": ("Corva", "Port Morrow"),
        "wiki-population-gap": (f"{vellmar.population - pelin.population:,} more", "5,000 more"),
    }
    for task_id, (right, wrong) in cases.items():
        assert task(task_id).check(instance, right).ok, task_id
        assert not task(task_id).check(instance, wrong).ok, task_id
    assert {t.kind for t in SITE.tasks} == {"lookup", "multi"} and len(SITE.tasks) == 8
