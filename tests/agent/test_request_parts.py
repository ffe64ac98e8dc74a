"""A request of several commands is shown to the navigator as its parts in order, each marked done
when an action worked with what it names (agent/clauses.py), and the elements it names by their ids
(agent/named.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.history import Did
from navwright.agent.named import Named, named_elements, to_press
from navwright.agent.pressing import press_next
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.parts import parts_of
from navwright.agent.task.request import read
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel


async def _two_clicks(
    session: BrowserSession, events: EventList, task: str, url: str, first: str, then: str
) -> tuple[str, str]:
    """Run `task` with a navigator that clicks `first`, then `then` and finishes: its two prompts."""
    script = Script(planner=[], check=[finish("done")], navigator=[
        lambda p: actions({"name": "click", "element": eid(p, first)}),
        lambda p: actions({"name": "click", "element": eid(p, then)}, done()),
    ])
    await Agent(TaskRequest(task=task, url=url), Models.same(ScriptedModel(script)), Tools(session),
                io=RunIO(sink=events)).run()
    prompts = script.seen("navigator")
    return prompts[0], prompts[1]


def test_a_request_is_cut_where_a_command_begins_never_inside_a_list() -> None:
    assert parts_of("Expand the section below and click submit.") == [
        "Expand the section below", "click submit"]
    assert parts_of("Select words similar to flame, furious and click Submit.") == [
        "Select words similar to flame, furious", "click Submit"]
    assert parts_of("Search for cats, then open the third result") == [
        "Search for cats", "open the third result"]
    assert parts_of("Find the email by Jane and forward that email to Bob.") == [
        "Find the email by Jane", "forward that email to Bob"]
    request = 'Use the box to enter "abc" and press "Search", then find and click the 3rd result.'
    assert parts_of(request) == [
        'Use the box to enter "abc"', 'press "Search"', "find and click the 3rd result"]


def test_one_command_stays_whole() -> None:
    for request in ("Buy food for cats and dogs", 'Switch the tabs to find and click on the link "et"',
                    "Select 5 and 7", "Type and send", "Log in as anna. Reply to Marta: say yes.",
                    'Click the button in the dialog box labeled "OK".'):
        assert parts_of(request) == [request]


async def test_the_navigator_sees_the_parts_in_order_and_those_its_actions_did(
    session: BrowserSession, site: str, events: EventList
) -> None:
    first, second = await _two_clicks(session, events, "Select Parma and send it with Submit.",
                                      f"{site}/choose_town.html", "Parma", "Submit")
    assert "In order: (1) Select Parma. (2) send it with Submit." in first
    assert "In order: (1) Select Parma [done]. (2) send it with Submit." in second
    # the elements named by the part to do next
    assert f'Named in the task: "Parma" is [{eid(first, "Parma")}] radio' in first.splitlines()
    assert f'Named in the task: "Submit" is [{eid(second, "Submit")}] button' in second.splitlines()
    assert await session.page.locator("#out").text_content() == "Sending to Parma"


async def test_code_presses_the_one_element_the_next_part_tells_to_press(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # told 'Named in the task: "Submit" is [4] button', a 1.5B model still pressed another element
    script = Script(planner=[], check=[finish("done")], navigator=[
        lambda p: actions({"name": "click", "element": eid(p, "Parma")}),
        actions(done()),
    ])
    await Agent(TaskRequest(task="Select Parma and click Submit.", url=f"{site}/choose_town.html"),
                Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    second = script.seen("navigator")[1]
    assert "In order: (1) Select Parma [done]. (2) click Submit [done]." in second
    assert "2. click(element=" in second  # by code, before the model's second look
    assert await session.page.locator("#out").text_content() == "Sending to Parma"


async def test_a_hidden_link_the_request_tells_to_click_is_shown_and_clicked_with_no_model_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(planner=[], check=[finish("done")], navigator=[actions(done())])
    await Agent(TaskRequest(task='Click the link "Book a group visit".', url=f"{site}/tabs.html"),
                Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert await session.page.locator("#out").text_content() == "Group form opened"
    (only,) = script.seen("navigator")  # the model only finishes
    assert "1. click(element=" in only and "2. click(element=" in only


def test_code_presses_nothing_when_the_part_says_not_to_or_names_two_things() -> None:
    ok = ElementInfo(id="1", role="button", name="OK")
    cancel = ElementInfo(id="2", role="button", name="Cancel")
    assert to_press('Click "OK"', [Named("OK", [ok])], set()) == ok
    assert to_press('Do not click "OK"', [Named("OK", [ok])], set()) is None
    assert to_press('Click "OK" or "Cancel"', [Named("OK", [ok]), Named("Cancel", [cancel])], set()) is None
    assert to_press('Read "OK"', [Named("OK", [ok])], set()) is None
    assert to_press('Click "OK"', [Named("OK", [ok])], {"1"}) is None  # pressed once already


def test_code_presses_nothing_again_once_the_model_did_every_part_of_the_request() -> None:
    """The model typed the code and pressed "Check" itself; code pressed "Check" a second time, and the
    page's "Incorrect code, try again." was lost behind "Nothing on the page changed"."""
    check = ElementInfo(id="2", role="button", name="Check")
    request = "Type the code 4719 and press Check"
    did = [Did("type_text", "typed", ("Code", "4719")), Did("click", "clicked", ("Check",))]
    assert press_next(read(request, parse("")), did[:1], [Named("Check", [check])], set(), [check]) == "2"
    assert press_next(read(request, parse("")), did, [Named("Check", [check])], set(), [check]) is None


def test_the_elements_a_request_names_are_found_by_whole_words_longest_first() -> None:
    def el(i: int, role: str, name: str) -> ElementInfo:
        return ElementInfo(id=str(i), role=role, name=name)

    page = [el(1, "tab", "Tab #1"), el(2, "button", "Praesent."), el(3, "button", "in."),
            el(4, "link", "Add to cart"), el(5, "link", "Add to cart"), el(6, "link", "Add to cart"),
            el(7, "button", "Submit"), el(8, "textbox", "Search"), el(9, "link", "Lisbon flights"),
            el(10, "link", "Lisbon"), el(11, "button", "OK"), el(12, "button", "ok")]
    request = 'Click on the link "Praesent." and add to cart, then submit the Lisbon flights form'
    found = named_elements(request, page)
    assert [(n.name, [e.id for e in n.elements]) for n in found] == [
        ("Praesent.", ["2"]), ("Lisbon flights", ["9"])]  # "submit" as a verb names no button
    # one word only as written; not inside another word ("in." is not in "Lisbon")
    assert [n.name for n in named_elements('Press the "OK" button', page)] == ["OK"]
    home = [el(14, "link", "Home"), el(15, "button", "Place order")]
    assert [n.name for n in named_elements("Order it to my home address, then place order", home)] == [
        "Place order"]
    # a quote names one thing as a whole: the tab "Visit" is not in "Book a group visit"
    visit = [el(13, "tab", "Visit")]
    assert named_elements('Click the link "Book a group visit"', visit) == []
    # the request's command is done last, not named first
    assert [n.name for n in named_elements("Submit the form with OK", page)] == ["OK"]
    # a sentence's first word alone is capitalised by the sentence, not by a button's name
    bills = [el(16, "button", "Add"), el(17, "link", "Add a new bill")]
    assert named_elements("Log in to flat-42. Add a bill 'Pizza night' of 36.00.", bills) == []


def test_what_a_sentence_states_before_its_command_and_the_account_signed_in_with_name_nothing_to_press(
) -> None:
    def el(i: int, role: str, name: str) -> ElementInfo:
        return ElementInfo(id=str(i), role=role, name=name)

    office = [el(1, "link", "clerk@depot.test"), el(2, "link", "Card payment"), el(3, "link", "W7QZR"),
              el(4, "link", "Refund")]
    request = ("Log in to the depot's office as clerk@depot.test (the password is in {{DEPOT_PASSWORD}}). "
               "Ida Lund's card payment for order W7QZR was charged twice: cancel that order.")
    # the payment and the account are told about; the order's code is what the command is about
    assert [n.name for n in named_elements(request, office)] == ["W7QZR"]
    # a quoted name stays named wherever it is said; a sentence with no command code knows is left alone
    quoted_one = 'The "Card payment" link was moved: open it.'
    assert [n.name for n in named_elements(quoted_one, office)] == ["Card payment"]
    assert [n.name for n in named_elements("Buy the mug. I will pay by card payment.", office)] == [
        "Card payment"]
    # a command code does not know ("pull up") is no statement: its names stay
    inbox = [el(6, "link", "Jacky")]
    pull_up = "Pull up Jacky's email and mark it important."
    assert [n.name for n in named_elements(pull_up, inbox)] == ["Jacky"]
    # a sentence that first says where names where to go
    wiki = [el(5, "link", "ShippingRules")]
    assert [n.name for n in named_elements("According to the ShippingRules page, what does a parcel "
                                           "to Oslo cost?", wiki)] == ["ShippingRules"]


async def test_a_name_the_page_hides_in_a_closed_tab_is_given_with_the_tab_that_shows_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    first, second = await _two_clicks(session, events, 'Open the link "Book a group visit".',
                                      f"{site}/tabs.html", "Groups", "Book a group visit")
    groups = eid(first, "Groups")
    assert f'Named in the task: "Book a group visit" is hidden: [{groups}] tab shows it' in first
    assert f'"Book a group visit" is [{eid(second, "Book a group visit")}] link' in second
    assert await session.page.locator("#out").text_content() == "Group form opened"


async def test_a_finish_with_a_part_left_that_names_something_on_the_page_is_turned_back_once(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # typed, pressed Enter (the page did nothing), finished: "press Submit" was never done, and the run
    # ended success with the page's reward -1
    script = Script(planner=[], check=[finish("Sending to Parma")], navigator=[
        lambda p: actions({"name": "click", "element": eid(p, "Parma")}),
        actions(done()),
        lambda p: actions({"name": "click", "element": eid(p, "Submit")}, done()),
    ])
    await Agent(TaskRequest(task="Select Parma and save it with Submit.", url=f"{site}/choose_town.html"),
                Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    third = script.seen("navigator")[2]
    assert '"save it with Submit" is not done yet' in third
    assert await session.page.locator("#out").text_content() == "Sending to Parma"


async def test_the_boxes_a_request_tells_to_tick_by_name_are_ticked_by_code_then_its_button_pressed(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # a 1.5B model ticked one of five named boxes and pressed Submit, twice after it was told which were left
    script = Script(planner=[], check=[finish("done")], navigator=[actions(done())])
    await Agent(TaskRequest(task="Select Olives, Capers and click Submit.", url=f"{site}/toppings.html"),
                Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert await session.page.locator("#out").text_content() == "Toppings: Olives, Capers"
    (only,) = script.seen("navigator")  # the model only finishes
    assert "In order: (1) Select Olives, Capers [done]. (2) click Submit [done]." in only
