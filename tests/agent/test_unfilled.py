"""A press that would send a form the model began to fill with fields still empty waits once, and the
model reads which are empty (agent/unfilled.py); typed values keep the task's letter case."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.history import Unfilled
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.request import StepRequest, read
from navwright.agent.text.notes import note_text
from navwright.agent.unfilled import empty_fields, left_by, unticked
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.agent.written import as_written, unmade
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel

TASK = "Search for action movies directed by Bowen from year 1998."


async def test_a_form_sent_with_a_field_left_empty_waits_once_and_the_model_fills_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # a 1.5B model typed the director and the year and pressed Search in one reply: genre left empty
    script = Script(planner=[], check=[finish("done")], navigator=[
        lambda p: actions({"name": "type_text", "element": eid(p, "Director"), "text": "Bowen"},
                          {"name": "type_text", "element": eid(p, "Year"), "text": "1998"},
                          {"name": "click", "element": eid(p, "Search")}),
        lambda p: actions({"name": "type_text", "element": eid(p, "Genre"), "text": "Action"},
                          {"name": "click", "element": eid(p, "Search")}, done()),
    ])
    await Agent(TaskRequest(task=TASK, url=f"{site}/movie_search.html"), Models.same(ScriptedModel(script)),
                Tools(session), io=RunIO(sink=events)).run()
    second = script.seen("navigator")[1]
    genre = eid(second, "Genre")
    assert f'"Search" was not pressed: [{genre}] "Genre" is empty.' in second
    # typed as the task writes it ("action"), sent with every field filled
    assert await session.page.locator("#out").text_content() == "Searched: Bowen | action | 1998"


def test_only_fields_the_form_wants_hold_a_press() -> None:
    def field(i: int, name: str, value: str = "", required: bool = False) -> ElementInfo:
        return ElementInfo(id=str(i), role="textbox", name=name, value=value, form="f", required=required)

    send = ElementInfo(id="9", role="button", name="Send", form="f")
    name, note = field(1, "Name", "Ada"), field(2, "Note (optional)")
    assert empty_fields(send, [name, note, send], set()) == []  # marked optional
    city = field(3, "City")
    assert empty_fields(send, [name, note, city, send], set()) == [city]
    assert empty_fields(send, [name, note, city, send], {"3"}) == []  # typed before the press
    # where the page marks required fields, only those
    assert empty_fields(send, [field(1, "Name", "Ada", True), city, send], set()) == []
    # a form nobody began to fill: a press beside empty fields is not held
    assert empty_fields(send, [field(1, "Name"), city, send], set()) == []
    assert left_by({"Name": "Ada"}, [name, note, city]) and not left_by({"City": "Porto"}, [name, note, city])
    # a form whose page marks a choice required: its unmarked text fields are optional
    card = ElementInfo(id="5", role="radio", name="Visitor card", form="f", required=True)
    assert not left_by({"Visitor card": "yes"}, [card, city])


def test_a_value_is_typed_as_the_task_writes_it() -> None:
    assert as_written("Action", TASK) == "action"
    assert as_written("Bowen", TASK) == "Bowen"
    assert as_written("BOWEN movies", TASK) == "BOWEN movies"  # not said so in the task
    assert as_written("Act", TASK) == "Act"  # whole words only
    assert as_written("Historical Movies", "Search for historical movies") == "historical movies"
    # a case the task asks for stays
    assert as_written("AGUSTINA", 'Type "agustina" in all upper case letters') == "AGUSTINA"
    assert as_written("bowen", TASK) == "bowen"


def test_an_address_nobody_gave_built_from_a_name_is_typed_as_the_name() -> None:
    task = "Find the email by Audrey and forward that email to Hedy."
    assert unmade("hedy@example.com", task) == "Hedy"
    assert unmade("hedy.lamarr@mail.test", task) == "Hedy"
    # an address the task or the page shows stands; one from no name said stays as typed
    assert unmade("hedy@ex.org", f"{task}\nContacts: Hedy <hedy@ex.org>") == "hedy@ex.org"
    assert unmade("zoe@example.com", task) == "zoe@example.com"
    assert unmade("Hedy, see below", task) == "Hedy, see below"  # not an address alone


def _read(request: str) -> StepRequest:
    return read(request, parse(""))


def test_boxes_the_request_tells_to_tick_and_that_are_not_hold_the_press() -> None:
    # a 1.5B model ticked four of five named boxes and pressed Submit
    def box(i: int, name: str, checked: bool = False) -> ElementInfo:
        return ElementInfo(id=str(i), role="checkbox", name=name, checked=checked)

    page = [box(1, "nb", True), box(2, "8qiSp3m"), box(3, "U6gHF"), box(4, "other")]
    request = _read("Select nb, 8qiSp3m, U6gHF and click Submit.")
    assert [b.name for b in unticked(request, page, {"2"})] == ["U6gHF"]  # 2 ticked earlier in the batch
    assert unticked(_read("Uncheck nb, 8qiSp3m and click Submit."), page, set()) == []
    assert unticked(_read("Click Submit next to U6gHF."), page, set()) == []  # no ticking asked
    send = ElementInfo(id="9", role="button", name="Submit")
    note = '"Submit" was not pressed: [3] "U6gHF" is not ticked yet. Tick it first.'
    assert note_text(Unfilled(send, (), (page[2],))) == note


def test_boxes_named_as_words_to_find_others_by_are_not_ticked_by_code() -> None:
    boxes = [ElementInfo(id=str(i), role="checkbox", name=n, checked=False)
             for i, n in enumerate(["brave", "wicked", "fat", "peculiar"], 1)]
    ticking = _read("Select brave, fat and click Submit.")
    assert [e.name for e in unticked(ticking, boxes, set())] == ["brave", "fat"]
    # "brave" is one of the words to tick, "wicked" and "fat" are the others: the model reads which
    similar = _read("Select words similar to brave, chubby, depraved and click Submit.")
    assert unticked(similar, boxes, set()) == []


def test_number_boxes_whose_hint_is_a_number_are_not_empty_fields_to_fill() -> None:
    # a ticket shop: one number box per ticket, hint "0"; the task's ticket got its number
    def count(i: int, name: str, value: str = "") -> ElementInfo:
        return ElementInfo(id=str(i), role="textbox", name=name, value=value, form="f", input_type="number",
                           placeholder="0")

    add = ElementInfo(id="9", role="button", name="Add to cart", form="f")
    friday, saturday = count(1, "Friday day ticket", "2"), count(2, "Saturday day ticket")
    assert empty_fields(add, [friday, saturday, add], set()) == []
    name = ElementInfo(id="4", role="textbox", name="Name", value="Ada", form="f")
    year = ElementInfo(id="3", role="textbox", name="Year", form="f", input_type="number")  # no hint
    assert empty_fields(add, [friday, name, year, add], set()) == [year]
