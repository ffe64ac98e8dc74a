"""The permit wizard, filled in Chromium as a person would; the stored application decides the check."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from navwright.bench.tasks.sites.permits import SITE
from navwright.bench.tasks.sites.permits.data import PermitState
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


def personal(page: Page, url: str, first: str, last: str, dob: tuple[str, str, str], email: str) -> None:
    page.goto(url + "/")
    page.get_by_role("button", name="Start now").click()
    page.get_by_label("First name").fill(first)
    page.get_by_label("Last name").fill(last)
    for label, value in zip(("Day", "Month", "Year"), dob, strict=True):
        page.get_by_label(label, exact=True).select_option(label=value)
    page.get_by_label("Email address").fill(email)
    page.get_by_role("button", name="Continue").click()


def address(page: Page, street: str, postcode: str, district: str) -> None:
    page.get_by_label("Street and house number").fill(street)
    page.get_by_label("Postcode").fill(postcode)
    page.get_by_label("District").select_option(label=district)
    page.get_by_role("button", name="Continue").click()


def test_annual_permit_application_passes_its_check(page: Page, site: Site) -> None:
    instance, url = site
    personal(page, url, "Jonas", "Weber", ("14", "March", "1988"), "jonas.weber@mailbox.test")
    address(page, "Kestrel Lane 12", "4823", "Old Town")
    page.get_by_label("Resident permit, 12 months").check()
    page.get_by_label("Vehicle registration plate").fill("lf-482-kt")
    expect(page.get_by_role("button", name="Continue")).to_be_disabled()
    page.get_by_label("I confirm the information is correct").check()
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Check your answers before applying")).to_be_visible()
    page.get_by_role("button", name="Submit application").click()
    number = page.get_by_role("status").locator("strong").inner_text()
    assert number == "LF-PP-2026-01042"
    check = task("permits-apply-annual").check
    assert check(instance, f"Your application number is {number}.").ok
    assert not check(instance, "The application was submitted.").ok  # the number must be reported


def test_server_side_errors_are_shown_inline(page: Page, site: Site) -> None:
    instance, url = site
    personal(page, url, "Sara", "Nilsen", ("9", "January", "2001"), "sara.nilsen@mailbox.test")
    address(page, "Rope Walk 5", "4836", "Old Town")
    expect(page.get_by_role("alert")).to_contain_text("Postcode 4836 is in Harbour, not Old Town")
    page.get_by_label("Postcode").fill("48361")
    page.get_by_role("button", name="Continue").click()
    assert page.get_by_label("Postcode").evaluate("el => el.validationMessage")  # the native bubble
    page.get_by_label("Postcode").fill("5100")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("alert")).to_contain_text("outside Lindfjord")
    address(page, "Rope Walk 5", "4836", "Harbour")
    page.get_by_label("Resident permit, 12 months").check()
    page.get_by_label("I confirm the information is correct").check()
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("alert")).to_contain_text("Enter the vehicle registration plate")
    page.get_by_label("Vehicle registration plate").fill("LF-115-SN")
    page.get_by_label("I confirm the information is correct").check()
    page.get_by_role("button", name="Continue").click()
    page.get_by_role("button", name="Submit application").click()
    state = instance.state
    assert isinstance(state, PermitState) and state.rejected_submits == 3
    assert task("permits-apply-district").check(instance, "LF-PP-2026-01042").ok


def test_a_wrong_permit_type_fails_the_check(page: Page, site: Site) -> None:
    instance, url = site
    personal(page, url, "Mira", "Castell", ("2", "July", "1995"), "mira.castell@mailbox.test")
    address(page, "Harbour Walk 7", "4841", "Harbour")
    page.get_by_label("Resident permit, 12 months").check()
    page.get_by_label("Vehicle registration plate").fill("LF-903-MC")
    page.get_by_label("I confirm the information is correct").check()
    page.get_by_role("button", name="Continue").click()
    page.get_by_role("button", name="Submit application").click()
    verdict = task("permits-apply-half").check(instance, "LF-PP-2026-01042")
    assert not verdict.ok and "permit_type" in verdict.why


def test_status_check_by_number_and_postcode(page: Page, site: Site) -> None:
    instance, url = site
    page.goto(url + "/")
    page.get_by_role("link", name="Check the status of an application").click()
    page.get_by_label("Application number").fill("LF-PP-2026-00903")
    page.get_by_label("Postcode").fill("4817")
    page.get_by_role("button", name="Check status").click()
    expect(page.get_by_role("alert")).to_contain_text("could not find")
    page.get_by_label("Postcode").fill("4862")
    page.get_by_role("button", name="Check status").click()
    expect(page.get_by_role("status")).to_contain_text("proof of address missing")
    check = task("permits-status-missing").check
    assert check(instance, "A proof of address is missing.").ok
    assert not check(instance, "Nothing is missing.").ok


@pytest.mark.parametrize(("task_id", "right", "wrong"), [
    ("permits-half-fee", "It costs €70.", "It costs €170."),
    ("permits-decision-time", "Within 10 working days.", "Within 5 working days."),
    ("permits-status-approved", "Approved, valid until 2027-11-01.", "It is still being processed."),
])
def test_answer_checks(task_id: str, right: str, wrong: str) -> None:
    instance = SITE.create()
    assert task(task_id).check(instance, right).ok
    assert not task(task_id).check(instance, wrong).ok
