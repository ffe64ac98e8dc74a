"""The compare procedure: for the cheapest, best rated or quickest of something, code reads the records
of a list page about the task, keeps those that fit and picks the best, with no model decision."""

from __future__ import annotations

import pytest
from agent_support import EventList
from script import Script, actions, eid

from navwright.agent.compare import measure_of, rank
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.task.measure import criterion_in
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.records import Records, list_records
from navwright.models.scripted import ScriptedModel


def _click(label: str):  # type: ignore[no-untyped-def]
    return lambda prompt: actions({"name": "click", "element": f"{label} #{eid(prompt, label)}"})


async def test_the_cheapest_of_a_brand_is_picked_from_the_category_list_with_no_further_model_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_click("Desk lamps")])
    model = ScriptedModel(script)
    task = "What's the cheapest desk lamp from Helio, and how much is it?"
    result = await Agent(TaskRequest(task=task, url=f"{site}/lamps_home.html"), Models.same(model),
                         Tools(session), io=RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert "Pivot" in result.answer and "49,50" in result.answer
    assert len(script.seen("navigator")) == 1  # the one click to reach the list; code compared
    assert any("Pivot" in e.quote for e in result.evidence)


async def test_a_partial_list_on_a_home_page_is_not_taken_for_the_whole_category(
    session: BrowserSession, site: str
) -> None:
    await session.page.goto(f"{site}/lamps_home.html")
    found = await list_records(session.page)
    assert len(found.records) == 3
    text = await session.page.inner_text("body")
    for task in ("What's the cheapest desk lamp from Helio?", "Which is the most expensive floor lamp?"):
        assert rank(parse(task), found, text, session.page.url) is None


async def test_the_quickest_train_is_read_off_table_rows(session: BrowserSession, site: str) -> None:
    await session.page.goto(f"{site}/trains.html")
    found = await list_records(session.page)
    text = await session.page.inner_text("body")
    quickest = rank(parse("quickest train from Utrecht to Cologne on 5 March?"),
                    found, text, session.page.url)
    assert quickest is not None and "IC 2213" in quickest.best.text
    direct = rank(parse("cheapest direct train from Utrecht to Cologne on 5 March"),
                  found, text, session.page.url)
    assert direct is not None and "ICE 121" in direct.best.text and direct.words == ["direct"]


async def test_a_list_for_another_day_or_route_is_not_the_answer(session: BrowserSession, site: str) -> None:
    await session.page.goto(f"{site}/trains.html")
    found = await list_records(session.page)
    text = await session.page.inner_text("body")
    assert rank(parse("quickest train from Utrecht to Cologne on 7 March?"),
                found, text, session.page.url) is None
    assert rank(parse("quickest train from Utrecht to Berlin on 5 March?"),
                found, text, session.page.url) is None


async def test_a_time_of_day_bound_keeps_the_records_that_leave_or_arrive_in_time(
    session: BrowserSession, site: str
) -> None:
    found, text, url = await _timetable(session, site)
    late = rank(parse("cheapest train from Utrecht to Cologne on 5 March leaving after 9 am"),
                found, text, url)
    assert late is not None and "IC 2213" in late.best.text and len(late.fitting) == 2
    early = rank(parse("cheapest train from Utrecht to Cologne on 5 March that arrives by 12:00"),
                 found, text, url)
    assert early is not None and "IC 2213" in early.best.text  # RE 4410 arrives 12:05, ICE 125 12:41
    book = "Book a direct train from Utrecht to Cologne on 5 March that leaves after 9:30am"
    assert rank(parse(book), found, text, url) is None  # no measure to rank by: not a question code answers
    chosen = rank(parse(book), found, text, url, any_fitting=True)
    assert chosen is not None and "ICE 125" in chosen.best.text
    none = "Book a direct train from Utrecht to Cologne on 5 March that leaves before 8 am"
    assert rank(parse(none), found, text, url, any_fitting=True) is None


async def test_a_place_named_in_more_words_than_the_list_shows_is_still_that_place(
    session: BrowserSession, site: str
) -> None:
    found, text, url = await _timetable(session, site)
    assert rank(parse("quickest train from Utrecht Centraal to Cologne on 5 March?"),
                found, text, url) is not None
    assert rank(parse("quickest train from Utrecht Centraal to Berlin on 5 March?"), found, text, url) is None


async def _timetable(session: BrowserSession, site: str) -> tuple[Records, str, str]:
    """The records of the trains page, its text and its URL."""
    await session.page.goto(f"{site}/trains.html")
    return await list_records(session.page), await session.page.inner_text("body"), session.page.url


@pytest.mark.parametrize(("task", "measure", "lowest"), [
    ("What's the cheapest jacket from Kestrel?", "price", True),
    ("What is the most expensive item in the Accessories section?", "price", False),
    ("Which tent under $300 has the best customer rating?", "rating", False),
    ("What's the quickest flight from Amsterdam to Rome?", "duration", True),
    ("the lightest tent you sell", "weight", True),
])
def test_the_criterion_of_a_comparison_is_read_from_the_task(task: str, measure: str, lowest: bool) -> None:
    found = criterion_in(task)
    assert found is not None and (found.measure, found.lowest) == (measure, lowest)


def test_a_question_with_no_measure_code_can_read_has_no_criterion() -> None:
    assert criterion_in("Which town was founded first, Corva or Pelin?") is None
    assert criterion_in("How much does the Trailblazer 40L backpack cost?") is None


@pytest.mark.parametrize(("text", "measure", "value"), [
    ("64,90 €", "price", 64.9), ("1.249,00 €", "price", 1249.0), ("$1,299.00", "price", 1299.0),
    ("USD 45", "price", 45.0), ("2 h 39 min", "duration", 159.0), ("2h 57m", "duration", 177.0),
    ("95 min", "duration", 95.0), ("Rated 4.1 out of 5", "rating", 4.1), ("★★★★☆ 4.4", "rating", 4.4),
    ("0.4 kg", "weight", 400.0),
])
def test_measures_are_read_in_the_ways_pages_print_them(text: str, measure: str, value: float) -> None:
    assert measure_of(text, measure) == pytest.approx(value)  # type: ignore[arg-type]


async def test_a_list_that_goes_on_is_read_to_its_last_page_before_the_pick(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_click("Floor lamps")])
    model = ScriptedModel(script)
    request = TaskRequest(task="Which is the most expensive floor lamp?", url=f"{site}/lamps_home.html")
    result = await Agent(request, Models.same(model), Tools(session), io=RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert "Reed" in result.answer and "of the 6 listed" in result.answer
    moves = [e.action for e in events.of("action_done")]  # type: ignore[attr-defined]
    assert moves == ["click", "next_page"]
    assert len(script.seen("navigator")) == 1


async def test_a_search_form_is_filled_from_the_task_in_one_call_and_the_results_compared(
    session: BrowserSession, site: str, events: EventList
) -> None:
    plan = {"fields": {"From": "Utrecht", "To": "Cologne", "Date": "5 March", "Travellers": "3 adults"}}
    script = Script(formfill=[plan])
    model = ScriptedModel(script)
    request = TaskRequest(task="What's the quickest train from Utrecht to Cologne on 5 March?",
                          url=f"{site}/train_search.html")
    result = await Agent(request, Models.same(model), Tools(session), io=RunIO(sink=events)).run()
    assert result.status == "success" and "IC 2213" in result.answer, events.dump()
    fill = [e for e in events.of("action_done") if e.action == "fill_form"]  # type: ignore[attr-defined]
    assert fill and fill[0].params["fields"] == {"From": "Utrecht", "To": "Cologne", "Date": "5 March"}
    assert script.seen("navigator") == []  # "3 adults" is not in the task: the model's guess is left out


async def test_a_table_is_compared_by_its_price_column_within_the_month_the_question_names(
    session: BrowserSession, site: str
) -> None:
    await session.page.goto(f"{site}/bills.html")
    found = await list_records(session.page)
    assert found.records[0].columns["How much?"] == "268.95 (67.24 each)"
    text = await session.page.inner_text("body")
    task = "Log in to flat-42 (password {{FLAT_PASSWORD}}). What was the most expensive bill in March 2024?"
    ranked = rank(parse(task), found, text, session.page.url)
    assert ranked is not None and "Boiler repair" in ranked.best.text and "Ben" in ranked.answer
    assert [r.text[:10] for r in ranked.fitting] == ["2024-03-23", "2024-03-30", "2024-03-21"]
