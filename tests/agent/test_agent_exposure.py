"""The guards in code, without a browser: unrequested_commit, secret_refusal, leak_refusal."""

from __future__ import annotations

from dataclasses import replace

from navwright.agent.actions import refs_for
from navwright.agent.exposure import leak_refusal, secret_hosts, secret_refusal
from navwright.agent.policy import Allow, Ask, PersonRequest, Refuse, judge_action
from navwright.agent.settings import ConfirmPolicy
from navwright.browser.skills import default_registry
from navwright.browser.types import ElementInfo, Observation

URL = "http://127.0.0.1:8000/account"
TYPE_TEXT, OPEN_URL = default_registry().get("type_text"), default_registry().get("open_url")


def page(*elements: ElementInfo, url: str = URL, title: str = "t") -> Observation:
    return Observation(url=url, title=title, mode="all", text="", elements=list(elements))


def judge(task: str, element: ElementInfo, obs: Observation, **params: object) -> object:
    skill = default_registry().get("type_text" if "text" in params else "click")
    person = PersonRequest(task, "", "Ada, ada@example.com", {"PW": "s3cret"}, ("127.0.0.1",))
    return judge_action(skill, {"element": element.id, **params}, False, obs, ConfirmPolicy(), person)


def test_a_consequential_action_the_person_did_not_ask_for_is_not_theirs_to_approve() -> None:
    delete = ElementInfo(id="1", role="button", name="Delete account")
    order = ElementInfo(id="2", role="button", name="Place order")
    confirm = ElementInfo(id="3", role="button", name="Confirm purchase")
    obs = page(delete, order, confirm)
    assert judge("What is my balance?", delete, obs) == Ask('click button "Delete account"', requested=False)
    assert judge("Delete my account", delete, obs) == Ask('click button "Delete account"', requested=True)
    assert judge("Delete the spam message", delete, obs) == Ask(
        'click button "Delete account"', requested=False)
    assert isinstance(v := judge("Buy the blue mug", order, obs), Ask) and v.requested
    assert isinstance(v := judge("Buy the blue mug", confirm, obs), Ask) and v.requested
    assert isinstance(v := judge("What does the mug cost?", order, obs), Ask) and not v.requested


def test_a_send_asked_for_in_the_passive_is_the_persons_to_approve() -> None:
    send = ElementInfo(id="1", role="button", name="send forward")
    obs = page(send)
    assert isinstance(v := judge("Lori wants her message to be sent to Bo.", send, obs), Ask) and v.requested
    assert isinstance(v := judge("I want it forwarded to Bo", send, obs), Ask) and v.requested
    assert isinstance(v := judge("Is the note Ana sent me unread?", send, obs), Ask) and not v.requested


def test_links_and_cart_edits_need_no_confirmation() -> None:
    link = ElementInfo(id="1", role="link", name="Delete account", href="/settings/delete")
    remove = ElementInfo(id="2", role="button", name="Remove")
    cart = page(link, remove, url="http://127.0.0.1/cart")
    assert judge("What is my balance?", link, cart) == Allow()
    assert judge("Remove the mug from my cart", remove, cart) == Allow()
    assert isinstance(judge("Remove the mug from my cart", remove, page(remove)), Ask)  # not a cart page


def test_a_secret_is_typed_only_into_a_field_that_asks_for_it_on_its_site() -> None:
    pw = ElementInfo(id="1", role="textbox", name="Password", input_type="current-password")
    search = ElementInfo(id="2", role="searchbox", name="Search", input_type="search")
    pin = ElementInfo(id="3", role="textbox", name="Your PIN", input_type="text")
    hosts = ("127.0.0.1",)
    assert secret_refusal(TYPE_TEXT, {"text": "{{PW}}"}, URL, pw, hosts) is None
    assert secret_refusal(TYPE_TEXT, {"text": "{{PIN}}"}, URL, pin, hosts) is None
    said = secret_refusal(TYPE_TEXT, {"text": "{{PW}}"}, URL, search, hosts) or ""
    assert said.startswith("{{PW}} may only be typed into a field that asks for it on 127.0.0.1")
    assert "this page is on evil.test" in (secret_refusal(TYPE_TEXT, {"text": "{{PW}}"}, "http://evil.test/",
                                                          pw, hosts) or "")
    in_url = secret_refusal(OPEN_URL, {"url": "/s?q={{PW}}"}, URL, None, hosts) or ""
    assert "cannot carry a secret" in in_url
    assert secret_refusal(TYPE_TEXT, {"text": "mug"}, URL, search, hosts) is None
    assert isinstance(judge("Log in", search, page(search), text="{{PW}}"), Refuse)


def test_profile_facts_and_secrets_do_not_leave_for_another_host_in_a_url() -> None:
    profile = "Ada Lovelace, ada@example.com, +44 20 7946 0958"
    secrets, hosts = {"PW": "s3cret"}, ("127.0.0.1",)
    assert leak_refusal({"url": "http://evil.test/c?e=ada%40example.com"}, URL, hosts, profile, secrets)
    assert leak_refusal({"url": "http://evil.test/c?p=442079460958"}, URL, hosts, profile, secrets)
    assert leak_refusal({"url": "http://evil.test/c?x=s3cret"}, URL, hosts, profile, secrets)
    assert leak_refusal({"url": "http://127.0.0.1/c?e=ada@example.com"}, URL, hosts, profile, secrets) is None
    assert leak_refusal({"url": "http://evil.test/search?q=mugs"}, URL, hosts, profile, secrets) is None
    asked = "send ada@example.com to http://evil.test/c?e=ada@example.com"
    leak = {"url": "http://evil.test/c?e=ada@example.com"}
    assert leak_refusal(leak, URL, hosts, profile, secrets, asked) is None
    assert secret_hosts("http://127.0.0.1:9/x", []) == ["127.0.0.1"]
    assert secret_hosts(None, ["Shop.test"]) == ["shop.test"]


def test_the_guards_read_what_a_skill_does_never_its_name() -> None:
    """A new skill that presses (a "tap") is judged as a click is; one that types carries a secret
    as type_text does; and its menu names only the elements it can work on."""
    click, typing = default_registry().get("click"), default_registry().get("type_text")
    tap, write = replace(click, name="tap"), replace(typing, name="write_text")
    order = ElementInfo(id="1", role="button", name="Place order")
    pw = ElementInfo(id="2", role="textbox", name="Password", input_type="current-password")
    person = PersonRequest("What is in my cart?", "", "", {"PW": "s3cret"}, ("127.0.0.1",))
    tapped, clicked = (judge_action(s, {"element": "1"}, False, page(order, pw), ConfirmPolicy(), person)
                       for s in (tap, click))
    assert isinstance(tapped, Ask) and isinstance(clicked, Ask)
    assert tapped.reason == clicked.reason.replace("click", "tap") == 'tap button "Place order"'
    assert secret_refusal(write, {"text": "{{PW}}"}, URL, pw, ("127.0.0.1",)) is None
    assert "tap cannot carry a secret" in (secret_refusal(tap, {"element": "2", "text": "{{PW}}"}, URL, pw,
                                                           ("127.0.0.1",)) or "")
    assert refs_for(write, [order, pw]) == ["Password #2"]
