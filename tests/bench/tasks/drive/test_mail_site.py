"""The webmail site, driven in Chromium as a person would; its task checks judge the outcome."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from navwright.bench.tasks.sites.mail import SITE
from navwright.bench.tasks.sites.mail.data import PASSWORD, MailState
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


def login(page: Page, url: str, password: str = PASSWORD) -> None:
    page.goto(url + "/")
    page.get_by_label("Email address").fill("anna.berg@postbox.test")
    page.get_by_label("Password").fill(password)
    page.get_by_label("Remember me").check()
    page.get_by_role("button", name="Sign in").click()


def test_the_site_has_eight_tasks_of_each_kind_mix() -> None:
    kinds = [t.kind for t in SITE.tasks]
    assert len(kinds) == 8 and set(kinds) == {"lookup", "multi", "action"}
    assert all(t.secrets == {"MAIL_PASSWORD": PASSWORD} for t in SITE.tasks)
    assert all("{{MAIL_PASSWORD}}" in t.request for t in SITE.tasks)


def test_a_wrong_password_shows_an_inline_error_and_stays_logged_out(page: Page, site: Site) -> None:
    instance, url = site
    login(page, url, "not-the-password")
    expect(page.get_by_role("alert")).to_contain_text("Wrong email address or password")
    page.goto(url + "/folder/inbox")
    assert page.url.endswith("/login")
    assert isinstance(instance.state, MailState) and instance.state.failed_logins == 1


def test_inbox_pages_fifteen_messages_and_unread_are_bold(page: Page, site: Site) -> None:
    _, url = site
    login(page, url)
    expect(page.get_by_text("Page 1 of 3")).to_be_visible()
    assert page.locator("table.list tr").count() == 15
    assert page.locator("tr.unread").count() >= 3
    page.get_by_role("link", name="Older").click()
    expect(page.get_by_role("link", name="Quote for your bike repair")).to_be_visible()
    page.get_by_role("searchbox", name="Search mail").fill("bike")
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Quote for your bike repair").click()
    expect(page.get_by_text("EUR 136.50")).to_be_visible()
    assert task("mail-bike-quote").check(site[0], "The workshop quoted EUR 136.50.").ok


def test_reply_to_marta_passes_and_a_wrong_reply_fails(page: Page, site: Site) -> None:
    instance, url = site
    check = task("mail-reply-offsite").check
    login(page, url)
    page.get_by_role("link", name="Team offsite on Friday").click()
    page.get_by_label("Your reply to Marta Kowalski").fill("Sorry, I cannot come.")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("status")).to_have_text("Message sent")
    assert not check(instance, "").ok
    page.get_by_role("link", name="Team offsite on Friday").click()
    page.get_by_label("Your reply to Marta Kowalski").fill("I will be there at 9:30.")
    page.get_by_role("button", name="Send").click()
    assert check(instance, "").ok


def test_compose_needs_a_recipient_then_sends(page: Page, site: Site) -> None:
    instance, url = site
    check = task("mail-compose").check
    login(page, url)
    page.get_by_role("link", name="Compose").click()
    page.get_by_label("Subject").fill("Slides")
    page.get_by_label("Message").fill("The slides look good.")
    page.get_by_role("button", name="Send").click()
    assert page.locator("#to").evaluate("el => el.validationMessage")
    assert not check(instance, "").ok
    page.get_by_label("To").fill("lukas.brandt@fjordworks.test")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("status")).to_have_text("Message sent")
    assert check(instance, "").ok


def test_vacation_settings_are_saved(page: Page, site: Site) -> None:
    instance, url = site
    check = task("mail-vacation").check
    login(page, url)
    page.get_by_role("link", name="Settings").click()
    page.get_by_label("Auto-reply message").fill("I am away until 1 December.")
    page.get_by_role("button", name="Save settings").click()
    assert not check(instance, "").ok  # the message alone, auto-reply still off
    page.get_by_label("Send an automatic reply while I am away").check()
    page.get_by_label("Messages per page").select_option("25")
    page.get_by_role("button", name="Save settings").click()
    expect(page.get_by_role("status")).to_have_text("Settings saved")
    assert check(instance, "").ok


def test_delete_the_right_message(page: Page, site: Site) -> None:
    instance, url = site
    check = task("mail-delete-promo").check
    login(page, url)
    page.get_by_role("link", name="Last chance: author talk").click()
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("Message moved to Trash")
    assert check(instance, "").ok
    page.get_by_role("link", name="Weekly picks: winter reading").click()
    page.get_by_role("button", name="Delete").click()
    assert not check(instance, "").ok  # deleting another message too is a wrong outcome


@pytest.mark.parametrize(("task_id", "right", "wrong"), [
    ("mail-offsite-time", "It starts at 9:30 in the Harbour Room.", "It starts at 10:00."),
    ("mail-rail-code", "The reference is NR-58213.", "The reference is NR-41907."),
    ("mail-ben-unread", "There are 4 unread messages from Ben Ortiz.", "There are 14 unread messages."),
    ("mail-bike-quote", "EUR 136.50", "EUR 136"),
])
def test_answer_checks(task_id: str, right: str, wrong: str) -> None:
    instance = SITE.create()
    assert task(task_id).check(instance, right).ok
    assert not task(task_id).check(instance, wrong).ok
