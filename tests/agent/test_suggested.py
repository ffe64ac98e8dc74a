"""After typing into a field that offers suggestions, code chooses the one the request makes plain
(agent/suggested.py); when several fit and nothing names one, the model chooses."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.suggested import pattern_of
from navwright.agent.task.intent import parse
from navwright.agent.task.request import read
from navwright.agent.task.words import works_controls
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel


def test_a_request_says_how_the_value_begins_and_ends_apart_from_the_buttons_it_quotes() -> None:
    go = ElementInfo(id="2", role="button", name="Go")
    pattern = pattern_of(read('Enter an item that starts with "An" and ends with "ra", then press "Go".',
                              parse("")), [go])
    assert (pattern.starts, pattern.ends) == ("An", "ra") and pattern.fits("Andorra")
    assert not pattern.fits("Angola") and pattern.described
    assert pattern_of(read('Type "Lis" and press "Search"', parse("")), []).words == ("Lis", "Search")


async def _run(session: BrowserSession, site: str, events: EventList, task: str, typed: str) -> Script:
    type_it = lambda p: actions({"name": "type_text", "element": eid(p, "Country"), "text": typed})  # noqa: E731
    script = Script(navigator=[type_it, actions(done()), actions(done())])
    request = TaskRequest(task=task, url=f"{site}/suggest.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                RunIO(sink=events)).run()  # fmt: skip
    return script


async def test_the_one_suggestion_that_holds_what_was_typed_is_chosen_by_code(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the 1.5B model typed "Les" three times and never chose "Lesotho"
    await _run(session, site, events, 'Enter a country that starts with "Les".', "Les")
    assert await session.page.evaluate("window.chosen") == "Lesotho", events.dump()


async def test_of_several_suggestions_the_first_that_fits_the_pattern_is_chosen(
    session: BrowserSession, site: str, events: EventList
) -> None:
    await _run(session, site, events, 'Enter a country that starts with "An" and ends with "la".', "An")
    assert await session.page.evaluate("window.chosen") == "Angola", events.dump()


async def test_several_suggestions_and_nothing_that_tells_them_apart_are_the_models_to_choose(
    session: BrowserSession, site: str, events: EventList
) -> None:
    await _run(session, site, events, "Put a country I could visit into the Country field.", "Saint")
    assert await session.page.evaluate("window.chosen") is None, events.dump()


def test_a_task_that_only_commands_the_controls_is_an_action_known_without_a_call() -> None:
    assert works_controls('Enter an item that starts with "Les".')
    assert works_controls("Select yn and click Submit.") and works_controls("Click on the okay button.")
    assert not works_controls("Expand the sections below, to find and click on the link cursus.")
    assert not works_controls("Click the Pro plan and tell me its price")
    assert not works_controls("Open the pricing page. How much is Pro?")
    assert not works_controls("Typed messages are kept for a week")


async def test_the_reader_never_ends_a_command_with_a_suggestion_it_read(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the reader took "Enter an item that starts with "Les"" for a question and answered "Lesotho"
    # from the suggestion list: the step ended with nothing chosen and the run asked the person
    type_it = lambda p: actions({"name": "type_text", "element": eid(p, "Country"), "text": "Les"})  # noqa: E731
    script = Script(reader=[{"kind": "question", "answer": "Lesotho"}] * 3,
                    navigator=[type_it, actions(done()), actions(done())])
    request = TaskRequest(task='Enter a country that starts with "Les".', url=f"{site}/suggest.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                RunIO(sink=events)).run()  # fmt: skip
    assert not script.seen("reader") and await session.page.evaluate("window.chosen") == "Lesotho"


async def test_typing_the_beginning_of_the_chosen_suggestion_again_waits_and_the_model_reads_why(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # after code chose "Lesotho", the model typed "Les" again and the field lost the item
    type_it = lambda p: actions({"name": "type_text", "element": eid(p, "Country"), "text": "Les"})  # noqa: E731
    script = Script(navigator=[type_it, type_it, actions(done())])
    request = TaskRequest(task='Enter a country that starts with "Les".', url=f"{site}/suggest.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.input_value("#place") == "Lesotho", events.dump()
    last = script.seen("navigator")[-1]
    assert 'already holds "Lesotho", chosen from its suggestions' in last
    assert 'The suggestion "Lesotho" was chosen' in script.seen("navigator")[1]  # part of the model's type


async def test_where_the_models_guess_found_no_suggestion_code_types_the_quoted_beginning(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the model typed "Monday rat" for 'starts with "Mon" and ends with "rat"' three times
    task = 'Enter a country that starts with "Ang" and ends with "la".'
    await _run(session, site, events, task, "Angry land")
    assert await session.page.evaluate("window.chosen") == "Angola", events.dump()
