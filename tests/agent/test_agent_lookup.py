"""The look-up procedure: a question about a named thing is searched for and its best result opened by
code, the reader reading each page on the way, with no navigator call."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, eid

from navwright.agent.lookup import LookUp, best_result
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.names import names_in
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.search import ResultLink, Results
from navwright.models.scripted import ScriptedModel

NO_ANSWER = {"kind": "question", "answer": ""}


async def test_a_question_about_a_named_town_is_searched_opened_and_read_without_the_navigator(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[NO_ANSWER, NO_ANSWER, {"kind": "question", "answer": "7,215"}])
    model = ScriptedModel(script)
    task = "Using Isleswiki: what is the population of Pelin?"
    result = await Agent(
        TaskRequest(task=task, url=f"{site}/wiki.html"), Models.same(model), Tools(session),
        io=RunIO(sink=events),
    ).run()
    assert result.status == "success" and result.answer == "7,215", events.dump()
    assert script.seen("navigator") == []
    moves = [(e.action, e.params) for e in events.of("action_done")]  # type: ignore[attr-defined]
    assert moves[0] == ("search_site", {"query": "Pelin"}) and moves[1][0] == "click"
    assert session.page.url.endswith("/pelin.html")
    assert any("2020 | 7,215" in e.quote for e in result.evidence)


async def test_a_question_about_two_towns_reads_both_and_code_works_out_the_difference(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the run once ended "success" with "Vellmar has 12,948 inhabitants, while Pelin has no information
    # provided about its population": the second town was never looked up
    partial = {"kind": "question", "answer": "Vellmar has 12,948 inhabitants; Pelin is not mentioned."}
    both = {"kind": "question", "answer": "Vellmar has 12,948 inhabitants and Pelin has 7,215."}
    script = Script(reader=[NO_ANSWER, NO_ANSWER, partial, both])
    task = "Using Isleswiki: how many more inhabitants does Vellmar have than Pelin?"
    result = await Agent(
        TaskRequest(task=task, url=f"{site}/wiki.html"), Models.same(ScriptedModel(script)), Tools(session),
        io=RunIO(sink=events),
    ).run()
    assert result.status == "success", events.dump()
    assert result.answer == "Vellmar has 12,948 inhabitants and Pelin has 7,215 (difference: 5,733)."
    searched = [e.params["query"] for e in events.of("action_done")  # type: ignore[attr-defined]
                if e.action == "search_site"]
    assert searched == ["Vellmar", "Pelin"] and script.seen("navigator") == []
    assert "12,948" in script.seen("reader")[-1]  # the first town's line is read again with the second's


def test_the_names_of_a_question_leave_out_the_site_s_own_name() -> None:
    assert names_in("Using the Serrantpedia wiki: what is the population of Pelin?",
                    "Main page - Serrantpedia") == "Pelin"
    assert names_in("How much does the Trailblazer 40L backpack cost?", "Shop") == "Trailblazer 40L"
    question = "what time does it start, according to Marta Kowalski's email?"
    assert names_in(question, "Inbox") == "Marta Kowalski"
    assert names_in("how much does a 6-month permit cost?", "City") == ""
    assert names_in("Order the Alpine Down Parka in size M", "Shop") == "Alpine Down Parka"  # not "Order"
    on_its_page = "Alpine Down Parka · Northpeak Outfitters"
    assert names_in("Order the Alpine Down Parka in size M, EU fit", on_its_page) == ""  # not "M"


def test_a_record_number_written_with_a_hash_is_a_name_to_search_for() -> None:
    assert names_in("Who owns ticket #14 in the Harbor tracker?", "Harbor") == "#14"
    assert names_in("Close Harbor ticket #26 with the resolution wontfix.", "Harbor") == "#26"
    assert names_in("What is the 3rd word of the text?", "Words") == ""


def test_a_day_of_the_week_in_the_plural_names_no_page_to_search_for() -> None:
    question = "What time does the Northbrook Community Garden open on Saturdays?"
    assert names_in(question, "Home - Northbrook Community Garden") == ""


def test_a_name_whose_search_found_nothing_is_not_searched_again_in_the_next_step() -> None:
    way = LookUp()
    assert way.first(parse("Where is Pelin?"), "Wiki", search_box=True) == ("search_site", {"query": "Pelin"})
    assert way.then(Results(none="No results"), parse("Where is Pelin?")) is None
    later = LookUp(fruitless=way.fruitless)
    assert later.first(parse("Where is Pelin?"), "Wiki", search_box=True) is None


def test_the_best_result_shares_the_most_words_with_the_question() -> None:
    found = Results(results=[ResultLink(id="3", name="Room booking"),
                             ResultLink(id="4", name="Team offsite on Friday")])
    assert best_result(found, parse("What time does the team offsite on Friday start?")) == "4"
    assert best_result(found, parse("Who sent the invoice?")) is None


async def test_an_action_on_a_named_thing_starts_by_searching_for_it_and_opening_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    no_watchlist = {"name": "finish", "status": "failed", "answer": "this wiki has no watchlist"}
    script = Script(reader=[{"kind": "action", "answer": ""}], navigator=[actions(no_watchlist)])
    model = ScriptedModel(script)
    request = TaskRequest(task="Add the article about Pelin to my watchlist", url=f"{site}/wiki.html")
    await Agent(request, Models.same(model), Tools(session), io=RunIO(sink=events)).run()
    moves = [(e.action, e.params) for e in events.of("action_done")]  # type: ignore[attr-defined]
    assert moves[0] == ("search_site", {"query": "Pelin"}) and moves[1][0] == "click", events.dump()
    assert "Pelin - Isleswiki" in script.seen("navigator")[0]


def test_the_look_up_waits_for_the_page_after_a_login() -> None:
    from navwright.agent.lookup import LookUp

    lookup = LookUp()
    task = "Log in as anna. How many unread messages from Ben Ortiz are in my inbox?"
    assert lookup.first(parse(task), "Sign in - Postbox", search_box=False, login=True) is None
    assert lookup.first(parse(task), "Inbox - Postbox", search_box=True) == (
        "search_site", {"query": "Ben Ortiz"})


def test_a_month_is_no_name_to_search_for_and_a_search_that_found_nothing_tries_the_next_name() -> None:
    question = ("Using the Serrantpedia wiki: what is the average high temperature in July in Ostrahavn, "
                "according to its climate table?")
    assert names_in(question, "Main page - Serrantpedia") == "Ostrahavn"  # once it searched "July"
    lookup = LookUp()
    assert lookup.first(parse("How many more inhabitants does Vellmar have than Pelin?"), "Wiki", True) == (
        "search_site", {"query": "Vellmar"})
    assert lookup.then(Results(none="There were no results."), parse("…")) == (
        "search_site", {"query": "Pelin"})
    found = Results(results=[ResultLink(id="7", name="Corva"), ResultLink(id="8", name="Pelin")])
    assert lookup.then(found, parse("How many more inhabitants does Vellmar have than Pelin?")) == (
        "click", {"element": "8"})  # the name searched for, not the first result that shares a word


async def test_a_search_the_model_typed_that_found_nothing_is_tried_with_fewer_words_and_its_best_result_read(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the model typed the whole request into a webmail's search, found nothing, and typed it six more times
    def read(prompt: str) -> dict[str, str]:
        return {"kind": "question", "answer": "€ 136.50" if "136.50" in prompt else ""}

    def search(prompt: str) -> dict[str, object]:
        return actions({"name": "type_text", "element": eid(prompt, "Search mail"),
                        "text": "quote for repairing my bike", "enter": True})

    script = Script(reader=[read] * 6, navigator=[search])
    task = "A bike workshop sent me a quote for repairing my bike. What total price did they quote?"
    result = await Agent(
        TaskRequest(task=task, url=f"{site}/inbox.html"), Models.same(ScriptedModel(script)), Tools(session),
        io=RunIO(sink=events),
    ).run()
    assert result.status == "success" and "136.50" in result.answer, events.dump()
    assert session.page.url.endswith("/bike_quote.html") and len(script.seen("navigator")) == 1


def test_the_result_that_shares_most_with_the_question_wins_over_one_named_like_the_search() -> None:
    # searching "Reading Room" opened "Weekly picks: winter reading", and the wrong email was deleted
    found = Results(results=[ResultLink(id="10", name="Weekly picks: winter reading"),
                             ResultLink(id="11", name="Last chance: author talk")])
    task = 'Delete the email "Last chance: author talk" from The Reading Room.'
    assert best_result(found, parse(task), "Reading Room") == "11"
