"""A link whose words change something ("Mark as paid") only opens a page that asks to confirm: the
step is done when that page's button is pressed, never on the link alone. Real Chromium on fixture
pages, a scripted model."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, give_up

from navwright.agent.history import Did
from navwright.agent.judge.confirm import confirm_left
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult, ElementInfo, Observation
from navwright.models.scripted import ScriptedModel

ACTION = {"kind": "action", "answer": ""}
TASK = "Ada Brandt's bank transfer for order K7QXD has arrived: mark that order as paid."
PAID = "Order K7QXD is marked as paid."


def _link_and_finish(prompt: str) -> dict[str, object]:
    return actions({"name": "click", "element": eid(prompt, "Mark as paid")}, done(PAID))


def _agent(script: Script, session: BrowserSession, site: str, events: EventList) -> Agent:
    return Agent(TaskRequest(task=TASK, url=f"{site}/order_view.html"), Models.same(ScriptedModel(script)),
                 Tools(session), RunSettings(yes=True, screenshots=False), RunIO(sink=events))


async def test_a_finish_after_a_link_that_asks_to_confirm_waits_until_its_button_is_pressed(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def press(prompt: str) -> dict[str, object]:
        assert "Do you really want to mark order K7QXD as paid?" in prompt  # it looked at the page
        return actions({"name": "click", "element": eid(prompt, "Mark as paid")})

    script = Script(reader=[ACTION], navigator=[_link_and_finish, press, actions(done(PAID))])
    result = await _agent(script, session, site, events).run()
    assert await session.page.inner_text("#status") == "Paid", events.dump()
    assert result.status == "success", events.dump()


async def test_a_finish_on_the_confirm_page_without_pressing_its_button_ends_the_step_failed(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[ACTION], navigator=[_link_and_finish, actions(done(PAID)), actions(done(PAID))],
                    planner=[give_up("not marked")])
    result = await _agent(script, session, site, events).run()
    assert result.status != "success", events.dump()
    assert 'asks to confirm: "Mark as paid" was not pressed' in script.seen("navigator")[2]
    finished = events.of("step_finished")[0]
    assert finished.status == "failed" and "was not pressed" in finished.answer  # type: ignore[attr-defined]


def _page(*elements: ElementInfo) -> Observation:
    return Observation(url="http://127.0.0.1/x", title="x", mode="all", text="", elements=list(elements))


def test_a_confirm_page_is_a_form_button_that_says_the_change_again_or_says_yes() -> None:
    link = ElementInfo(id="4", role="link", name="Delete")
    clicked = [Did('click(element="Delete #4")', pressed=link)]
    opened = ActionResult(action="click", ok=True, navigated=True)
    sure = ElementInfo(id="9", role="button", name="Yes, I'm sure", form="f1")
    other = ElementInfo(id="3", role="button", name="Delete", form=None)  # no form: another row's
    assert confirm_left(clicked, opened, _page(other, sure)) == sure
    assert confirm_left(clicked, opened, _page(other)) is None
    search = [sure, ElementInfo(id="8", role="textbox", name="Search", form="f1")]
    assert confirm_left(clicked, opened, _page(*search)) is None
    pressed = [Did('click(element="Delete #4")', pressed=link.model_copy(update={"role": "button"}))]
    assert confirm_left(pressed, opened, _page(sure)) is None  # a button sent its form: done there
    stayed = ActionResult(action="click", ok=True)
    assert confirm_left(clicked, stayed, _page(sure)) is None
