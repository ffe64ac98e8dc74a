"""A result the request names by its place in a paged list is reached by code: the page it falls on,
then the result (agent/ordinal.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.presses import place_asked
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel


def test_the_place_of_a_result_is_read_in_digits_and_words() -> None:
    assert place_asked("Enter \"Renda\", press \"Search\", then find and click the 7th search result.") == 7
    assert place_asked("Search the catalogue for river and open the sixth result") == 6
    assert place_asked("Open the 2nd link") == 2
    assert place_asked("Book the 2nd cheapest flight") is None
    assert place_asked("What is the first result about?") is None  # nothing to press


async def test_the_sixth_result_at_four_a_page_is_the_second_of_page_two(
    session: BrowserSession, site: str, events: EventList
) -> None:
    search = lambda p: actions({"name": "type_text", "element": eid(p, "Search the catalogue"),  # noqa: E731
                                "text": "river"}, {"name": "click", "element": eid(p, "Search")})
    script = Script(reader=[{"kind": "action", "answer": ""}], navigator=[search, actions(done("Opened."))],
                    check=[finish("Opened.")])  # fmt: skip
    request = TaskRequest(task='Search the catalogue for "river" and open the sixth result.',
                          url=f"{site}/catalogue.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.opened") == "A River in Winter", events.dump()
    assert len(script.seen("navigator")) == 2  # the model searched; code counted
