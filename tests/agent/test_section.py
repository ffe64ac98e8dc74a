"""The section of a site the task is about is opened by code: the one link whose label is the task's
own words, or for a new record the one link that starts it; nothing on a page that is no site's."""

from __future__ import annotations

from navwright.agent.section import section_link
from navwright.agent.task.intent import parse
from navwright.browser.types import ElementInfo, Observation

MENU = ["Harbor", "Login", "Preferences", "Help/Guide", "About Trac", "Wiki", "Timeline", "Roadmap",
        "View Tickets", "New Ticket", "Search", "Start Page", "Index", "History"]


def _page(labels: list[str], title: str = "Harbor", url: str = "http://127.0.0.1/") -> Observation:
    elements = [ElementInfo(id=str(i), role="link", name=name, href=f"http://127.0.0.1/{i}")
                for i, name in enumerate(labels)]
    return Observation(url=url, title=title, mode="all", text="", elements=elements)


def _label(task: str, labels: list[str] = MENU) -> str | None:
    found = section_link(parse(task), _page(labels))
    return None if found is None else labels[int(found)]


def test_a_question_about_records_opens_the_list_of_them() -> None:
    assert _label("How many open tickets does the storage component of Harbor have?") == "View Tickets"


def test_a_new_record_opens_the_one_link_that_starts_it_though_the_task_names_it_otherwise() -> None:
    assert _label("File a new defect in the Harbor tracker, priority major.") == "New Ticket"


def test_a_message_through_the_contact_form_opens_contact() -> None:
    labels = ["Home", "News", "Events", "Plots", "Volunteer", "About", "Contact", "Donate", "Shop"]
    task = "Send the garden a message through its contact form: when do you open?"
    assert _label(task, labels) == "Contact"


def test_two_sections_the_task_could_mean_open_neither() -> None:
    labels = ["Home", "News", "Events", "Plots", "Volunteer", "About", "Contact", "Donate", "Shop"]
    assert _label("Which events and news mention the shop?", labels) is None


def test_a_page_with_few_links_is_no_site_menu() -> None:
    assert _label("Open the tickets tab", ["Tickets", "Orders", "Help"]) is None


def test_the_page_already_open_is_not_opened_again() -> None:
    page = _page(MENU, url="http://127.0.0.1/8")
    assert section_link(parse("How many open tickets does Harbor have?"), page) is None


def test_the_menus_link_to_the_page_open_counts_toward_a_site_menu() -> None:
    labels = ["Northbrook Community Garden", "Visit us", "Plots", "Winter hours", "News", "Events", "Contact",
              "Volunteer"]
    page = _page(labels, title="Northbrook Community Garden", url="http://127.0.0.1/0")
    task = ("Send the Northbrook Community Garden a message through its contact form, from Jonas Weber, "
            "jonas.weber@example.org: Is there a plot free for next spring?")
    found = section_link(parse(task), page)
    assert found is not None and labels[int(found)] == "Contact"


def test_a_new_record_opens_the_link_that_adds_one_whatever_words_the_menu_puts_around_it() -> None:
    labels = ["#! money?", "Bills", "Settle", "Statistics", "Flat 42, Leith Walk", "Invite people",
              "Add a new bill", "edit", "edit", "git", "mobile"]
    task = ("Log in to the shared budget project flat-42. Add a bill 'Pizza night' of 36.00, paid by Ben on "
            "12 April 2024, shared by all four flatmates.")
    assert _label(task, labels) == "Add a new bill"
