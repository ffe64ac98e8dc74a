"""Skyway driven as a person would, in headless Chromium: real clicks on the autocomplete options and
the calendar; each action task's check passes after the right booking and fails after a wrong one."""

from __future__ import annotations

from playwright.async_api import Page

from navwright.bench.tasks.sites.flights import SITE
from navwright.bench.tasks.sites.flights.tasks import cheapest
from navwright.bench.tasks.spec import SiteInstance, TaskSpec
from navwright.bench.tasks.web import serve

MONTHS = ["", "January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]  # fmt: skip


def task(task_id: str) -> TaskSpec:
    return next(t for t in SITE.tasks if t.id == task_id)


async def pick_airport(page: Page, field: str, typed: str, option: str) -> None:
    await page.click(f"#{field}-input")
    await page.keyboard.type(typed, delay=20)
    await page.click(f"#{field}-input-list [role=option]:has-text('{option}')")


async def pick_date(page: Page, month: int, day: int) -> None:
    await page.click("#depart-display")
    for _ in range(month - 11):
        await page.click("[aria-label='Next month']")
    await page.click(f"[aria-label='{day} {MONTHS[month]} 2026']")


async def book(page: Page, base: str, route: tuple[str, str, str, str], when: tuple[int, int], number: str,
               names: list[tuple[str, str]]) -> None:  # fmt: skip
    await page.goto(base + "/")
    await pick_airport(page, "from", route[0], route[1])
    await pick_airport(page, "to", route[2], route[3])
    await pick_date(page, *when)
    await page.select_option("#pax", str(len(names)))
    await page.click("text=Search flights")
    await page.click(f".flight:has-text('{number}') >> text=Select")
    await page.click("text=Continue to passenger details")
    for i, (first, last) in enumerate(names, 1):
        await page.fill(f"input[name=first{i}]", first)
        await page.fill(f"input[name=last{i}]", last)
    await page.fill("input[name=email]", "maria.santos@example.com")
    await page.check("input[name=terms]")
    await page.click("button:has-text('Book and pay')")
    await page.wait_for_selector("text=Booking reference")


ME = ("Maria", "Santos")
LIS_BER = ("Lisb", "Lisbon (LIS)", "Berl", "Berlin (BER)")


async def test_booking_sw488_for_two_passes_and_one_passenger_fails(page: Page) -> None:
    spec = task("flights-book-two")
    right: SiteInstance = SITE.create()
    with serve(right.app) as base:
        await book(page, base, LIS_BER, (12, 14), "SW 488", [ME, ("Tomás", "Ferreira")])
    assert spec.check(right, "").ok, spec.check(right, "").why
    wrong = SITE.create()
    with serve(wrong.app) as base:
        await book(page, base, LIS_BER, (12, 14), "SW 488", [ME])
    assert "passengers" in spec.check(wrong, "Booked!").why
    assert not spec.check(SITE.create(), "Booked!").ok


async def test_the_cheapest_madrid_munich_and_a_morning_heathrow_zurich_pass_their_checks(page: Page) -> None:
    spec = task("flights-book-cheapest")
    instance = SITE.create()
    number = cheapest("MAD", "MUC", __import__("datetime").date(2026, 12, 3)).number
    with serve(instance.app) as base:
        await book(page, base, ("Madr", "Madrid (MAD)", "Muni", "Munich (MUC)"), (12, 3), number, [ME])
    assert spec.check(instance, "").ok, spec.check(instance, "").why
    morning = task("flights-book-morning")
    early, late = SITE.create(), SITE.create()
    lhr_zrh = ("Heath", "London (LHR)", "Zur", "Zurich (ZRH)")
    with serve(early.app) as base:
        await book(page, base, lhr_zrh, (12, 10), "SW 692", [ME])
    with serve(late.app) as base:
        await book(page, base, lhr_zrh, (12, 10), "AT 929", [ME])
    assert morning.check(early, "").ok, morning.check(early, "").why
    assert not morning.check(late, "").ok, "19:40 is not before noon"


async def test_typed_airport_text_alone_is_refused_with_an_inline_error(page: Page) -> None:
    with serve(SITE.create().app) as base:
        await page.goto(base + "/")
        await page.fill("#from-input", "Lisbon")
        await page.fill("#to-input", "Berlin")
        await page.click("text=Search flights")
        assert await page.locator("text=Choose an airport from the list.").count() == 2
        assert await page.is_visible("text=Choose a departure date in the calendar.")
        assert await page.get_attribute("#depart-display", "readonly") is not None


async def test_results_sort_by_price_with_the_nonstop_filter_put_the_answer_first(page: Page) -> None:
    instance = SITE.create()
    spec = task("flights-cheapest-nonstop")
    with serve(instance.app) as base:
        await page.goto(base + "/results?from=LIS&to=BER&date=2026-12-14&pax=1")
        assert await page.locator(".flight").count() >= 10
        await page.check("input[name=nonstop]")
        await page.wait_for_url("**nonstop=1**")
        await page.select_option("select[name=sort]", "price")
        await page.wait_for_url("**sort=price**")
        first = await page.locator(".flight").first.inner_text()
    assert spec.check(instance, first).ok, first
    assert not spec.check(instance, "SW 387 at €97").ok, "the cheapest flight has a stop"
