"""The reader: one short call over the lines that match the task answers a question from the page;
after it says the task changes something it is not asked again; an answer the lines do not hold is
not taken."""

from __future__ import annotations

import re

from agent_support import EventList
from script import Script, actions, done, eid, finish, give_up, web_step

from navwright.agent.modelcall import Caller
from navwright.agent.reader import Reader
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

QUESTION = "How much does a second checked bag cost if I add it online?"


def link_id(prompt: str, label: str) -> str:
    """The id of a link in a run of links ("links: [1] Flights | [2] My trips")."""
    found = re.search(rf"\[(\w+)\] {re.escape(label)}", prompt)
    assert found, prompt
    return found.group(1)


def run_on(script: Script, session: BrowserSession, url: str, task: str, events: EventList) -> Agent:
    model = ScriptedModel(script)
    return Agent(TaskRequest(task=task, url=url), Models.same(model), Tools(session), io=RunIO(sink=events))


async def test_a_question_the_matching_lines_answer_costs_one_short_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": "€55"}])
    result = await run_on(script, session, f"{site}/fees.html", QUESTION, events).run()
    assert result.status == "success" and result.answer == "€55", result
    assert script.seen("navigator") == [] and script.seen("planner") == [] and len(script.seen("reader")) == 1
    assert result.model_calls == 2  # the reader's, and the verdict's check call
    roles = [e.role for e in events.of("model_called")]  # type: ignore[attr-defined]
    assert roles == ["reader", "verifier"], "each call is reported under its own role"
    read = script.seen("reader")[0]
    assert "Second checked bag (23 kg) | €55" in read and "Cabin bag" not in read.split("Lines:")[0]
    assert any("€55" in e.quote for e in result.evidence)


async def test_an_answer_the_lines_do_not_hold_is_not_taken(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": "€45"}],
                    navigator=[actions(done("€55 for the second checked bag"))])
    result = await run_on(script, session, f"{site}/fees.html", QUESTION, events).run()
    assert result.status == "success" and "€55" in result.answer, result
    assert len(script.seen("navigator")) == 1


async def test_after_the_reader_says_action_it_is_not_asked_again(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        reader=[{"kind": "action", "answer": ""}],
        navigator=[lambda p: actions({"name": "click", "element": link_id(p, "My trips")}), actions(done())],
        check=[finish("Opened my trips.")],
    )
    task = "Open my trips and check the second checked bag fee"
    await run_on(script, session, f"{site}/fees.html", task, events).run()
    assert len(script.seen("reader")) == 1 and len(script.seen("navigator")) == 2, events.dump()


async def test_the_question_given_back_as_its_answer_is_not_a_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    echo = "How much does a second checked bag cost if I add it online?"
    script = Script(reader=[{"kind": "question", "answer": echo}], navigator=[actions(done(echo))],
                    check=[finish(echo)], planner=[finish(echo)])
    result = await run_on(script, session, f"{site}/fees.html", QUESTION, events).run()
    assert result.status == "failed", result
    assert "nothing a page showed beyond the request" in (result.error or "")


async def test_a_comparison_is_made_by_code_over_the_rows_not_left_to_the_reader(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(check=[finish("The cheapest checked bag fee is €35.")])
    task = "Which checked bag fee is the cheapest?"
    result = await run_on(script, session, f"{site}/fees.html", task, events).run()
    assert len(script.seen("reader")) == 0 and len(script.seen("navigator")) == 0, events.dump()
    assert result.status == "success" and "€35" in result.answer


async def test_an_answer_after_a_refused_click_that_changed_nothing_stands(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions({"name": "click", "element": "2"}, done("It is out of stock"))],
                    check=[finish("It is out of stock")], reader=[{"kind": "question", "answer": ""}])
    task = "Can I buy the Cascade Rain Shell right now or is it sold out?"
    result = await run_on(script, session, f"{site}/soldout.html", task, events).run()
    assert result.status == "success" and result.answer == "It is out of stock", events.dump()
    assert len(script.seen("navigator")) == 1
    assert not events.of("action_done")[0].ok  # type: ignore[attr-defined]


async def test_the_readers_answer_to_the_task_ends_the_run_after_any_step_with_no_check_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": "€55"}],  # no line of the first page matches
                    navigator=[actions({"name": "finish", "status": "failed", "answer": "no fees here"})],
                    planner=[web_step("open the baggage fees page", f"{site}/fees.html")])
    result = await run_on(script, session, f"{site}/lamps_home.html", QUESTION, events).run()
    assert result.status == "success" and result.answer == "€55", events.dump()
    assert script.seen("check") == []  # the reader answered the task itself, not the step's words


async def test_words_typed_into_a_search_box_are_searched_for(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def typing(prompt: str) -> dict[str, object]:
        box = re.search(r"\[(\w+)\] searchbox", prompt) or re.search(r"\[(\w+)\] textbox \"Search", prompt)
        assert box, prompt
        return actions({"name": "type_text", "element": box.group(1), "text": "oldest shipyard"},
                       {"name": "click", "element": box.group(1)})

    script = Script(navigator=[typing, actions(done("3 results"))], check=[finish("3 results")])
    task = "which town has the oldest shipyard on the islands?"
    await run_on(script, session, f"{site}/wiki.html", task, events).run()
    assert "wiki_search.html?q=oldest+shipyard" in session.page.url, events.dump()


async def test_the_question_given_back_by_the_reader_is_answered_by_the_one_line_about_what_it_asks() -> None:
    # "What is missing?" came back as the answer on the page whose status line says what is missing
    task = "My permit application LF-PP-2026-00903 is on hold; my postcode is 4862. What is missing?"
    lines = ("# Application LF-PP-2026-00903\n  Submitted 2026-11-03 · Resident permit, 6 months\n"
             "  Status: On hold - proof of address missing: upload a recent utility bill\n"
             "  Postcode")
    script = Script(reader=[{"kind": "question", "answer": "What is missing?"}])
    reader = Reader(Caller(ScriptedModel(script), "navigator", "r1", lambda _: None))
    reading = await reader.read(parse(task), "http://127.0.0.1/status", lines, task)
    assert reading is not None and reading.answer.startswith("Status: On hold - proof of address missing")
    assert reading.evidence[0].quote == reading.answer



async def test_the_reader_is_not_called_on_a_page_that_shows_nothing_the_question_asks_about(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def open_article(prompt: str) -> dict[str, object]:
        return actions({"name": "click", "element": eid(prompt, "Greenhouse building starts")})

    task = "What time does the Rowan Community Garden open on Saturdays?"
    script = Script(reader=[{"kind": "question", "answer": ""}] * 2, planner=[give_up("no hours shown")],
                    navigator=[open_article, actions({"name": "finish", "status": "failed", "answer": ""})])
    await run_on(script, session, f"{site}/garden_news.html", task, events).run()
    assert session.page.url.endswith("/garden_article.html"), events.dump()
    read = script.seen("reader")
    assert len(read) == 1 and "Slug patrol" in read[0], "the article shows no opening hours: no call there"
