"""A run says success only when code confirmed it; a question changes nothing; nothing is invented;
one commit per record asked for. Real Chromium on fixture pages, a scripted model."""

from __future__ import annotations

import re

from agent_support import EventList
from script import Script, actions, ask, done, eid, finish

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

NO_READER = RunSettings(reader=False, screenshots=False)


def _agent(script: Script, session: BrowserSession, url: str, task: str, events: EventList,
           settings: RunSettings = NO_READER) -> Agent:
    return Agent(TaskRequest(task=task, url=url), Models.same(ScriptedModel(script)), Tools(session),
                 settings=settings, io=RunIO(sink=events))


PRICE_ASKED = "How much are the Nordic Buds headphones in the Corva College shop?"


def _add_then_answer() -> Script:
    """A navigator that presses "Add to cart" on the way to answering the price."""
    return Script(navigator=[lambda p: actions({"name": "click", "element": eid(p, "Add to cart")}),
                             actions(done("The Nordic Buds cost 79.00 EUR"))])


def _link(prompt: str, label: str) -> str:
    """The id of a link on the prompt's "links:" line ("links: [1] Home | [3] About")."""
    return re.findall(rf"\[(\d+)\] {re.escape(label)}", prompt)[-1]


def _refusals(events: EventList) -> list[str]:
    return [e.result for e in events.of("action_done") if not e.ok]  # type: ignore[attr-defined]


async def test_a_question_does_not_add_to_the_cart_and_is_answered_from_the_page(
    session: BrowserSession, site: str, events: EventList
) -> None:
    college = f"{site}/truth_college.html"
    result = await _agent(_add_then_answer(), session, college, PRICE_ASKED, events).run()
    assert await session.page.inner_text("#cart") == "0"
    assert any("only asks for information" in r for r in _refusals(events))
    assert result.status == "success", events.dump()
    assert any(c.name == "question_changes_nothing" for c in result.checks)


async def test_a_year_read_from_the_footer_ends_unverified_with_its_reason(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("2025"))])
    task = "In what year was Corva College established?"
    settings = RunSettings(screenshots=False, without=["answer_content"])  # the verdict's own check
    result = await _agent(script, session, f"{site}/truth_college.html", task, events, settings).run()
    assert result.status == "unverified", events.dump()
    assert result.answer == "2025" and result.error and "chrome" in result.error
    finished = events.of("run_finished")[0]
    assert [c.name for c in finished.checks if not c.ok] == ["not_chrome"]  # type: ignore[attr-defined]


async def test_a_year_only_the_footer_shows_is_turned_back_to_the_planner_and_never_said_to_be_found(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("2025"))], planner=[finish("2025")])
    task = "In what year was Corva College established?"
    result = await _agent(script, session, f"{site}/truth_college.html", task, events).run()
    assert result.status == "failed", events.dump()
    assert "footer" in script.seen("planner")[0] and result.error and "footer" in result.error


async def test_a_footer_year_the_reader_gives_is_held_and_the_step_goes_on_to_the_page_that_says(
    session: BrowserSession, site: str, events: EventList
) -> None:
    question = {"kind": "question"}
    about = {"name": "click", "element": "About the college"}
    script = Script(reader=[{**question, "answer": "2025"}, {**question, "answer": "1962"}],
                    navigator=[lambda p: actions({**about, "element": _link(p, about["element"])})])
    task = "In what year was Corva College established?"
    settings = RunSettings(screenshots=False)
    result = await _agent(script, session, f"{site}/truth_college.html", task, events, settings).run()
    assert result.status == "success" and result.answer == "1962", events.dump()
    assert any("not taken" in line for _, prompt in script.prompts for line in prompt.splitlines())


async def test_an_answer_read_off_search_results_is_held_and_the_result_s_own_page_read(
    session: BrowserSession, site: str, events: EventList
) -> None:
    question = {"kind": "question"}
    result_link = "#12: Memory leak in the consumer heartbeat loop"
    script = Script(reader=[{**question, "answer": "Emma Liang"}, {**question, "answer": "David Okafor"}],
                    navigator=[lambda p: actions({"name": "click", "element": eid(p, result_link)})])
    task = "Find the ticket about the memory leak in the heartbeat loop. Who found the cause?"
    settings = RunSettings(screenshots=False)
    url = f"{site}/leak_results.html?q=memory+leak"
    result = await _agent(script, session, url, task, events, settings).run()
    assert result.answer == "David Okafor", events.dump()


async def test_on_search_results_code_opens_the_result_the_question_is_about_and_reads_it_there(
    session: BrowserSession, site: str, events: EventList
) -> None:
    question = {"kind": "question"}
    script = Script(reader=[{**question, "answer": "Emma Liang"}, {**question, "answer": "David Okafor"}])
    task = "Find the ticket about the memory leak in the heartbeat loop. Who found the cause?"
    url = f"{site}/leak_results.html?q=memory+leak"
    result = await _agent(script, session, url, task, events, RunSettings(screenshots=False)).run()
    assert result.status == "success" and result.answer == "David Okafor", events.dump()
    assert script.seen("navigator") == []
    assert [e.url.rsplit("/", 1)[-1] for e in events.of("action_done")] == ["leak_ticket.html"]  # type: ignore[attr-defined]


async def test_a_preview_held_from_search_results_that_the_step_ends_on_is_unverified(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": "Emma Liang"}],
                    navigator=[actions({"name": "finish", "status": "failed", "answer": "not found"})])
    task = "Find the ticket about the memory leak in the heartbeat loop. Who reported it?"
    settings = RunSettings(screenshots=False, without=["open_result"])  # the preview is all it reads
    url = f"{site}/leak_results.html?q=memory+leak"
    result = await _agent(script, session, url, task, events, settings).run()
    assert result.answer == "Emma Liang" and result.status == "unverified", events.dump()
    failed = [c for c in result.checks if not c.ok]
    assert [c.name for c in failed] == ["answer_doubted"] and "search results" in failed[0].detail


async def test_the_check_call_that_reads_the_lines_as_another_answer_leaves_it_unverified(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("Campus tours run every Saturday at 10:00"))],
                    verify=[{"shows": "no"}])
    task = "When do the campus tours of Corva College end?"
    result = await _agent(script, session, f"{site}/truth_college.html", task, events).run()
    assert result.status == "unverified", events.dump()
    assert [c.name for c in result.checks if not c.ok] == ["model_check"]
    assert any(e.role == "verifier" for e in events.of("model_called"))  # type: ignore[attr-defined]


async def test_a_made_up_e_mail_is_not_typed_and_with_nobody_to_ask_the_run_needs_the_person(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[lambda p: actions({"name": "type_text", "element": eid(p, "E-mail"),
                                      "text": "example@example.com"})],
        planner=[ask("Which e-mail and password should I sign in with?")],
    )
    task = "What permits do I have on the city site?"
    result = await _agent(script, session, f"{site}/truth_login.html", task, events).run()
    assert result.status == "needs_user", events.dump()
    assert await session.page.input_value("input[name=email]") == ""
    assert any("nobody gave a value" in r for r in _refusals(events))


async def test_an_e_mail_the_person_gave_is_typed(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[
        lambda p: actions({"name": "type_text", "element": eid(p, "E-mail"), "text": "ada@corva.example"}),
        actions(done("Wrong e-mail or password."))])
    task = "Sign in to the city site as ada@corva.example and tell me what it says"
    await _agent(script, session, f"{site}/truth_login.html", task, events).run()
    assert await session.page.input_value("input[name=email]") == "ada@corva.example"


async def test_a_second_cancel_is_refused_when_the_task_names_one_request(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def both(prompt: str) -> dict[str, object]:
        ids = [line.split("]")[0].split("[")[-1] for line in prompt.splitlines() if '"Cancel"' in line]
        return actions(*({"name": "click", "element": i} for i in ids[:2]))

    script = Script(navigator=[both, actions(done("Request 12 is cancelled"))])
    settings = NO_READER.model_copy(update={"yes": True})
    await _agent(script, session, f"{site}/truth_requests.html", "Cancel request 12", events, settings).run()
    statuses = await session.page.locator(".st").all_inner_texts()
    assert statuses == ["Cancelled", "Open"], events.dump()
    assert any("already done once" in r for r in _refusals(events))


def _cancel(row: int) -> object:
    """Press the "Cancel" of the row'th request (0: the first) on the prompt's page."""
    def press(prompt: str) -> dict[str, object]:
        ids = [line.split("]")[0].split("[")[-1] for line in prompt.splitlines()
               if line.strip().startswith("[") and '"Cancel"' in line]
        return actions({"name": "click", "element": ids[row]})
    return press


async def test_a_cancel_in_the_row_of_another_request_is_refused(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_cancel(1), _cancel(0), actions(done("Request 12 is cancelled"))])
    settings = NO_READER.model_copy(update={"yes": True})
    await _agent(script, session, f"{site}/truth_requests.html", "Cancel request 12", events, settings).run()
    statuses = await session.page.locator(".st").all_inner_texts()
    assert statuses == ["Cancelled", "Open"], events.dump()
    assert any("not to the record the task names" in r for r in _refusals(events))


async def test_the_vetoes_can_be_switched_off_by_name(
    session: BrowserSession, site: str, events: EventList
) -> None:
    settings = NO_READER.model_copy(update={"without": ["question_changes_nothing"]})
    college = f"{site}/truth_college.html"
    await _agent(_add_then_answer(), session, college, PRICE_ASKED, events, settings).run()
    assert await session.page.inner_text("#cart") == "1"


async def test_a_token_the_page_shows_is_not_pasted_into_its_form_even_reformatted(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[
        lambda p: actions({"name": "type_text", "element": eid(p, "Message to the assistant"),
                           "text": "9fQ2-xLm7-Vb3K-p8Rz-1Yd4-Wc6N"}),
        actions(done("Your access token is shown on the dashboard"))])
    task = "Finish setting up my developer dashboard as the page says"
    await _agent(script, session, f"{site}/truth_dashboard.html", task, events).run()
    assert await session.page.input_value("input[name=note]") == ""
    assert any("looks like a credential" in r for r in _refusals(events))


OPEN_IN_STORAGE = "How many open tickets does the storage component have?"


async def test_a_question_may_update_a_list_filter_but_not_a_batch_change(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """A filter form's "Update" redraws the list (Trac's custom query): a question presses it. A form
    with no field that filters, sorts or pages a list ("Update tickets" of a batch change) stays refused."""
    script = Script(navigator=[
        lambda p: actions({"name": "select_option", "element": eid(p, "Component"), "option": "storage"}),
        lambda p: actions({"name": "click", "element": eid(p, "Update")}),
        lambda p: actions({"name": "click", "element": eid(p, "Update tickets")}),
        actions(done("2 open tickets"))])
    await _agent(script, session, f"{site}/ticket_query.html", OPEN_IN_STORAGE, events).run()
    assert await session.page.inner_text("#shown") == "2 matches", events.dump()
    assert await session.page.inner_text("#batched") == ""
    refused = _refusals(events)
    assert len(refused) == 1 and "Update tickets" in refused[0], refused


async def test_a_question_types_nothing_into_a_form_that_makes_a_record(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """A new ticket's form is never sent for a question: what the model types there is refused, and the
    page's other forms (a list's filters) stay open to it. (The menu offers none of its fields either,
    `question_offered_no_change_form`: switched off, the veto alone is what is pinned.)"""
    script = Script(navigator=[
        lambda p: actions({"name": "type_text", "element": eid(p, "Description"), "text": "3 open tickets"},
                          {"name": "select_option", "element": eid(p, "Priority"), "option": "blocker"}),
        actions(done("There are 3 open tickets"))])
    veto_alone = RunSettings(reader=False, without=["question_offered_no_change_form"])
    await _agent(script, session, f"{site}/new_ticket.html", OPEN_IN_STORAGE, events, veto_alone).run()
    assert await session.page.input_value("#d") == "", events.dump()
    assert await session.page.input_value("#p") == "minor"
    refused = _refusals(events)
    assert refused and all('form that "Create ticket" sends' in r for r in refused), refused
