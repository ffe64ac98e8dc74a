"""The per-step action menu: only the skills the page needs, element ids as an enum."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from navwright.agent.actions import Spent, action_params, build_menu, page_features, tidy_batch, wanted
from navwright.agent.policy import confirmation_reason
from navwright.agent.settings import ConfirmPolicy
from navwright.agent.step import StepState, remember
from navwright.browser.skills import default_registry
from navwright.browser.types import ActionResult, ElementInfo, Observation


def page(*elements: ElementInfo, truncated: int = 0, tabs: int = 1) -> Observation:
    return Observation(
        url="http://127.0.0.1/",
        title="t",
        mode="all",
        text="",
        elements=list(elements),
        truncated=truncated,
        tabs=tabs,
    )


def offered(obs: Observation) -> set[str]:
    features = page_features(obs, None, navigated=False, uploads=False)
    return {s.name for s in default_registry() if wanted(s, features)}


def test_a_plain_page_offers_click_type_and_keys_only() -> None:
    obs = page(ElementInfo(id="1", role="button", name="OK"))
    assert offered(obs) == {"click", "type_text", "press_key"}


def test_select_option_scroll_and_tabs_are_offered_only_when_the_page_needs_them() -> None:
    select = ElementInfo(id="2", role="combobox", name="Size", options=["S", "M"])
    obs = page(select, truncated=12, tabs=2)
    assert {"select_option", "scroll", "switch_tab", "close_tab"} <= offered(obs)


def test_the_schema_only_accepts_ids_that_are_on_the_page() -> None:
    skills = [s for s in default_registry() if s.name in {"click", "type_text"}]
    field = ElementInfo(id="1", role="textbox", name="Name")
    radio = ElementInfo(id="2", role="radio", name="AU", checked=False)
    menu = build_menu(skills, [field, radio], max_batch=3, risky_flag=True)
    chosen = menu.reply.model_validate({"actions": [{"name": "click", "element": "AU #2"}]})
    assert action_params(chosen.actions[0]) == {"element": "2"}  # type: ignore[attr-defined]
    menu.reply.model_validate({"actions": [{"name": "type_text", "element": "Name #1", "text": "Ada"}]})
    with pytest.raises(ValidationError):
        menu.reply.model_validate({"actions": [{"name": "click", "element": "Other #7"}]})
    with pytest.raises(ValidationError, match="element"):
        menu.reply.model_validate({"actions": [{"name": "type_text", "element": "AU #2", "text": "AU"}]})
    with pytest.raises(ValidationError):
        pick = {"name": "select_option", "element": "Name #1", "option": "M"}
        menu.reply.model_validate({"actions": [pick]})
    assert menu.lines[0].startswith('{"name": "click", "element": "label #ID"}')


def test_a_buy_button_or_a_card_form_submit_needs_confirmation() -> None:
    click = default_registry().get("click")
    policy = ConfirmPolicy()
    buy = ElementInfo(id="1", role="button", name="Buy now")
    cart = ElementInfo(id="2", role="button", name="Add to cart")
    card = ElementInfo(id="3", role="textbox", name="Card number", form="f1")  # type: ignore[call-arg]
    go = ElementInfo(id="4", role="button", name="Continue", form="f1")  # type: ignore[call-arg]
    obs = page(buy, cart, card, go)
    assert confirmation_reason(click, {"element": "1"}, False, obs, policy) == 'click button "Buy now"'
    assert confirmation_reason(click, {"element": "2"}, False, obs, policy) is None
    assert "payment details" in (confirmation_reason(click, {"element": "4"}, False, obs, policy) or "")
    # the model's own flag on a product page's button does not stop the run (issue 13 item 6)
    assert confirmation_reason(click, {"element": "2"}, True, obs, policy) is None
    assert confirmation_reason(click, {"element": "1"}, False, obs, ConfirmPolicy(enabled=False)) is None


def test_a_form_filled_and_sent_by_its_send_button_needs_the_same_approval_as_a_click_on_it() -> None:
    # a webmail's compose form was filled and sent by fill_form(submit=true) with no approval at all
    fill = default_registry().get("fill_form")
    policy = ConfirmPolicy()
    to = ElementInfo(id="1", role="textbox", name="To", form="f1")  # type: ignore[call-arg]
    body = ElementInfo(id="2", role="textbox", name="Message", form="f1")  # type: ignore[call-arg]
    send = ElementInfo(id="3", role="button", name="Send", form="f1")  # type: ignore[call-arg]
    query = ElementInfo(id="4", role="textbox", name="Search mail", form="f2")  # type: ignore[call-arg]
    go = ElementInfo(id="5", role="button", name="Search", form="f2")  # type: ignore[call-arg]
    obs = page(to, body, send, query, go)
    message = {"fields": {"To": "ben@example.test", "Message": "Hello"}, "submit": True}
    assert confirmation_reason(fill, message, False, obs, policy) == (
        "fill the form (To: 'ben@example.test', Message: 'Hello') and press \"Send\"")
    assert confirmation_reason(fill, {**message, "submit": False}, False, obs, policy) is None
    search = {"fields": {"Search mail": "bike"}, "submit": True}
    assert confirmation_reason(fill, search, False, obs, policy) is None


def test_enter_in_a_field_of_a_form_that_sends_needs_the_same_approval_as_its_send_button() -> None:
    """A message typed and sent with Enter went out with no approval: only the field's own name
    ("Message") was judged, never the form's "Send" button that Enter stands for."""
    registry = default_registry()
    key, typing = registry.get("press_key"), registry.get("type_text")
    policy = ConfirmPolicy()
    body = ElementInfo(id="2", role="textbox", name="Message", form="f1")  # type: ignore[call-arg]
    send = ElementInfo(id="3", role="button", name="Send", form="f1")  # type: ignore[call-arg]
    query = ElementInfo(id="4", role="textbox", name="Search mail", form="f2")  # type: ignore[call-arg]
    go = ElementInfo(id="5", role="button", name="Search", form="f2")  # type: ignore[call-arg]
    obs = page(body, send, query, go)
    reason = confirmation_reason(key, {"key": "Enter", "element": "2"}, False, obs, policy)
    assert reason is not None and '"Send" button' in reason
    sent = confirmation_reason(typing, {"element": "2", "text": "Hi Ben", "enter": True}, False, obs, policy)
    assert sent is not None and '"Send" button' in sent
    assert confirmation_reason(typing, {"element": "2", "text": "Hi Ben"}, False, obs, policy) is None
    assert confirmation_reason(key, {"key": "Enter", "element": "4"}, False, obs, policy) is None
    assert confirmation_reason(typing, {"element": "4", "text": "bike", "enter": True}, False, obs,
                               policy) is None


def test_a_link_back_to_a_seen_page_is_offered_to_no_skill_but_a_worked_click_only_leaves_click() -> None:
    skills = [s for s in default_registry() if s.name in {"click", "press_key"}]
    back = ElementInfo(id="1", role="link", name="Back to start")
    field = ElementInfo(id="2", role="textbox", name="Search")
    spent = Spent(presses=frozenset({("click", "2")}), stale=frozenset({"1"}))
    menu = build_menu(skills, [back, field], max_batch=2, risky_flag=False, spent=spent)
    for name in ("click", "press_key"):
        with pytest.raises(ValidationError):  # press_key Enter on the link would follow it all the same
            action = {"name": name, "element": "Back to start #1", "key": "Enter"}
            menu.reply.model_validate({"actions": [action]})
    menu.reply.model_validate({"actions": [{"name": "press_key", "element": "Search #2", "key": "Enter"}]})
    with pytest.raises(ValidationError):
        menu.reply.model_validate({"actions": [{"name": "click", "element": "Search #2"}]})


def test_append_is_a_skill_api_parameter_the_navigator_is_not_offered() -> None:
    """The 1.5B model set append=true on every type_text and doubled "jerald" into "jeraldjerald"."""
    skills = [s for s in default_registry() if s.name == "type_text"]
    field = ElementInfo(id="1", role="textbox", name="Name")
    menu = build_menu(skills, [field], max_batch=1, risky_flag=False)
    assert "append" not in menu.lines[0] and "enter" in menu.lines[0]
    typed = {"name": "type_text", "element": "Name #1", "text": "jerald", "append": True}
    chosen = menu.reply.model_validate({"actions": [typed]})
    assert action_params(chosen.actions[0]) == {"element": "1", "text": "jerald", "enter": False}  # type: ignore[attr-defined]
    assert "append" in skills[0].params.model_fields  # callers of the skill itself still have it


def test_skills_declare_the_page_features_they_are_offered_on_not_their_names() -> None:
    search = ElementInfo(id="1", role="textbox", name="Search products", form="f1")
    nxt = ElementInfo(id="2", role="link", name="Next ›".replace(" ›", ""))
    features = page_features(page(search, nxt), None, navigated=True, uploads=False)
    assert {"search_box", "pagination", "history"} <= features
    assert "form" not in features, "one field is not a form to fill"
    two = page(ElementInfo(id="3", role="textbox", name="Name", form="f2"),
               ElementInfo(id="4", role="checkbox", name="Agree", form="f2", checked=False))
    assert "form" in page_features(two, None, navigated=False, uploads=False)
    helpers = {s.name for s in default_registry() if not s.offered_on}
    assert {"open_url", "hover", "wait_for", "read_page", "set_checked"} <= helpers


def test_a_click_on_a_form_button_before_typing_into_that_form_is_dropped_from_the_batch() -> None:
    skills = [s for s in default_registry() if s.name in {"click", "type_text"}]
    box = ElementInfo(id="2", role="textbox", name="Search", form="f1")
    go = ElementInfo(id="3", role="button", name="Search", form="f1")
    radio = ElementInfo(id="4", role="radio", name="Kestrel", form="f2")
    price = ElementInfo(id="5", role="textbox", name="Max", form="f2")
    menu = build_menu(skills, [box, go, radio, price], max_batch=5, risky_flag=False)
    batch = menu.reply.model_validate({"actions": [
        {"name": "click", "element": "Search #3"}, {"name": "type_text", "element": "Search #2", "text": "x"},
        {"name": "click", "element": "Search #3"}, {"name": "click", "element": "Kestrel #4"},
        {"name": "type_text", "element": "Max #5", "text": "200"}]}).actions  # type: ignore[attr-defined]
    kept = [(a.name, action_params(a)["element"])
            for a in tidy_batch(batch, menu.skills, [box, go, radio, price], set())]
    assert kept == [("type_text", "2"), ("click", "3"), ("click", "4"), ("type_text", "5")]


def test_a_press_is_offered_again_after_its_form_is_typed_into_or_the_page_said_the_try_missed() -> None:
    """A login that answered "Wrong password": the password typed anew, "Sign in" must be pressable."""
    field = ElementInfo(id="1", role="textbox", name="Password", form="login")
    sign_in = ElementInfo(id="2", role="button", name="Sign in", form="login")
    other = ElementInfo(id="3", role="link", name="Help", form=None)
    obs = Observation(url="http://x/", title="", mode="all", text="", elements=[field, sign_in, other])
    state = StepState()
    clicked = ActionResult(action="click", ok=True, does="press")
    for element in ("2", "3"):
        remember(Act(name="click", element=element), obs, clicked, state)
    assert state.offered.spent["http://x/"].presses == {("click", "2"), ("click", "3")}
    typed = ActionResult(action="type_text", ok=True, does="type")
    remember(Act(name="type_text", element="1"), obs, typed, state)
    assert state.offered.spent["http://x/"].presses == {("click", "3")}
    missed = ActionResult(action="click", ok=True, does="press", appeared_text=["Wrong password, try again."])
    remember(Act(name="click", element="2"), obs, missed, state)
    assert state.offered.spent["http://x/"].presses == {("click", "3")}


class Act(BaseModel):
    name: str
    element: str
