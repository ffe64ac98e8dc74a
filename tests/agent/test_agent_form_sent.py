"""An action's step that filled a form ends only after sending it: a finish written with the form's
button never pressed is turned back, naming the button. Real Chromium on a fixture page, a scripted
model.

MiniWoB's use-autocomplete ("Enter an item that starts with "Alg" and ends with "eria""): the model
typed "Algeria" into "Tags:", chose it from the suggestions and finished; "Submit" was never pressed,
nothing was entered, and the run said success."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.history import Did
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.unsent import unsent
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel

TASK = 'Enter the tag "Algeria".'
SETTINGS = RunSettings(reader=False, screenshots=False)


def _type(prompt: str) -> dict[str, object]:
    return actions({"name": "type_text", "element": eid(prompt, "Tags:"), "text": "Algeria"}, done("Algeria"))


def _press(prompt: str) -> dict[str, object]:
    return actions({"name": "click", "element": eid(prompt, "Submit")}, done("Algeria"))


async def test_a_finish_with_the_filled_form_unsent_is_turned_back_and_the_form_is_sent(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_type, actions(done("Algeria")), _press], check=[finish("Algeria")])
    request = TaskRequest(task=TASK, url=f"{site}/tag_entry.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), SETTINGS,
                         RunIO(sink=events)).run()  # fmt: skip
    said = script.seen("navigator")[-1]
    assert 'the form of "Tags:" is filled and not sent' in said and 'Press "Submit"' in said, said
    assert await session.page.evaluate("window.sent || null") == "Algeria"
    assert result.status == "success", events.dump()


def _field(form: str | None = "form1") -> ElementInfo:
    return ElementInfo(id="1", role="textbox", name="Tags:", form=form)


def _button(name: str, form: str | None = "form1") -> ElementInfo:
    return ElementInfo(id="2", role="button", name=name, form=form)


def test_a_fill_is_pending_until_an_action_sends_its_form_or_leaves_the_page() -> None:
    typed = Did("type_text", filled=_field())
    page = [_field(), _button("Submit")]
    found = unsent([typed], page)
    assert found is not None and [b.name for b in found.buttons] == ["Submit"]
    assert unsent([typed, Did("click", moves_on=True)], page) is None  # its button, a link, Enter
    assert unsent([typed, Did("click Algeria")], page) is not None  # a suggestion chosen sends nothing
    assert unsent([Did("click", moves_on=True), typed], page) is not None


def test_a_form_with_no_button_that_sends_it_on_the_page_asks_for_nothing() -> None:
    typed = Did("type_text", filled=_field())
    assert unsent([typed], [_field(), _button("Cancel")]) is None
    assert unsent([typed], [_field(), _button("Submit", form="form2")]) is None
    assert unsent([Did("type_text", filled=None)], [_field(), _button("Submit")]) is None
