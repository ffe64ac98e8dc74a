"""The review page: code presses the one button that sends what the person asked (agent/review.py)."""

from __future__ import annotations

from navwright.agent.policy import PersonRequest
from navwright.agent.review import send_button
from navwright.agent.settings import ConfirmPolicy
from navwright.browser.types import ElementInfo, Observation

APPLY = PersonRequest(task="On the city's website, apply for a visitor booklet for my household.")


def _page(*elements: ElementInfo) -> Observation:
    return Observation(url="http://127.0.0.1/apply/review", title="Check your answers", mode="all", text="",
                       elements=list(elements))


def test_the_one_button_that_sends_what_the_person_asked_is_pressed_on_a_page_with_nothing_to_fill() -> None:
    change = ElementInfo(id="3", role="link", name="Change Name", href="/apply/personal")
    send = ElementInfo(id="4", role="button", name="Submit application", form="f1")
    assert send_button(_page(change, send), ConfirmPolicy(), APPLY) == "4"


def test_no_press_with_a_field_left_two_senders_or_a_button_the_request_does_not_cover() -> None:
    send = ElementInfo(id="4", role="button", name="Submit application", form="f1")
    note = ElementInfo(id="5", role="textbox", name="Anything else?", form="f1")
    assert send_button(_page(send, note), ConfirmPolicy(), APPLY) is None
    delete = ElementInfo(id="6", role="button", name="Delete account")
    assert send_button(_page(delete), ConfirmPolicy(), APPLY) is None
    pay = ElementInfo(id="7", role="button", name="Submit payment")
    # paying is not what was asked ("booklet" once said "book", whose kind of commitment pays)
    assert send_button(_page(send, pay), ConfirmPolicy(), APPLY) == "4"
    asked = PersonRequest(task="Apply for the permit and pay the fee.")
    assert send_button(_page(send, pay), ConfirmPolicy(), asked) is None  # two senders: the person's call


def test_a_setting_named_auto_reply_does_not_ask_for_a_reply_to_be_sent() -> None:
    # "Turn on my vacation auto-reply" once covered the compose page's "Send" under --yes: a mail was sent
    vacation = PersonRequest(task='Log in. Turn on my vacation auto-reply with the message "Away".')
    send = ElementInfo(id="13", role="button", name="Send", form="f1")
    assert send_button(_page(send), ConfirmPolicy(), vacation) is None
    reply = PersonRequest(task="Reply to Marta's email: say I will be there.")
    assert send_button(_page(send), ConfirmPolicy(), reply) == "13"
