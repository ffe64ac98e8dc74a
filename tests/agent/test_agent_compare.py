"""The compare procedure: for the cheapest, best rated or quickest of something, code reads the records
of a list page about the task, keeps those that fit and picks the best, with no model decision."""

from __future__ import annotations

import pytest
from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.compare import measure_of, rank
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.agent.task.measure import criterion_in
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.items import html_lines, item_pages
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
    ("Which question has the most answers?", "count", False),
    ("Which port has the largest population?", "count", False),
    ("Which ticket has the fewest comments?", "count", True),
])
def test_the_criterion_of_a_comparison_is_read_from_the_task(task: str, measure: str, lowest: bool) -> None:
    found = criterion_in(task)
    assert found is not None and (found.measure, found.lowest) == (measure, lowest)


def test_a_question_with_no_measure_code_can_read_has_no_criterion() -> None:
    assert criterion_in("Which town was founded first, Corva or Pelin?") is None
    assert criterion_in("How much does the Trailblazer 40L backpack cost?") is None
    assert criterion_in("Book at most 3 tickets for Friday") is None
    assert criterion_in("Which of them did most of the work?") is None
    assert criterion_in("What do most people order here?") is None
    assert criterion_in("Which question has the most answers?", question=False) is None  # no pick to act on


@pytest.mark.parametrize(("text", "noun", "value"), [
    ("Apple Pressing · 12 October 2024 · 30 places", "place", 30.0), ("Places: 14", "place", 14.0),
    ("Corva, population 12,400 (2020)", "population", 12400.0), ("12 free places left", "place", 12.0),
    ("Population (2021): 3,100", "population", 3100.0), ("5 answers · 212 views", "view", 212.0),
    ("5 answers · 212 views", "answer", 5.0), ("Capacity 20 people", "place", None),
    ("one answer", "answer", 1.0), ("No comments yet", "comment", 0.0), ("Nonstop · 2h 10m", "stop", 0.0),
])
def test_a_count_is_the_number_a_record_gives_beside_the_counted_word(
    text: str, noun: str, value: float | None
) -> None:
    assert measure_of(text, "count", noun) == value


async def test_the_most_of_a_thing_is_compared_by_the_number_each_record_gives_of_it(
    session: BrowserSession, site: str
) -> None:
    await session.page.goto(f"{site}/forum_questions.html")
    found, text = await list_records(session.page), await session.page.inner_text("body")
    answers = rank(parse("Which question on the forum has the most answers?"), found, text, session.page.url)
    assert answers is not None and "wood ash" in answers.best.text
    assert "(the most answers of the 4 listed)" in answers.answer
    views = rank(parse("Which question has the fewest views?"), found, text, session.page.url)
    assert views is not None and "wood ash" in views.best.text
    await session.page.goto(f"{site}/port_towns.html")
    found, text = await list_records(session.page), await session.page.inner_text("body")
    ports = rank(parse("Which port town has the largest population?"), found, text, session.page.url)
    assert ports is not None and "Corva" in ports.best.text and ports.words == ["port"]


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


async def test_the_most_of_a_thing_is_answered_from_the_list_with_no_navigator_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script()
    request = TaskRequest(task="Which question on the forum has the most answers?",
                          url=f"{site}/forum_questions.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         io=RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert "wood ash" in result.answer and script.seen("navigator") == []


async def test_the_most_of_a_thing_the_model_read_off_one_record_is_no_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    picked = "Why are my courgettes rotting at the tip, with 7 answers"
    script = Script(reader=[{"kind": "question", "answer": ""}], navigator=[actions(done(picked))],
                    check=[finish(picked)])
    request = TaskRequest(task="Which question about courgettes or tomatoes has the most answers?",
                          url=f"{site}/forum_questions.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         io=RunIO(sink=events)).run()
    assert result.answer and result.status == "unverified", events.dump()
    assert [c.name for c in result.checks if not c.ok] == ["comparison_made"]


async def test_the_most_of_a_thing_only_the_items_show_is_read_on_each_item_s_own_page(
    session: BrowserSession, site: str, events: EventList
) -> None:
    request = TaskRequest(task="Which course in March 2025 has the most seats?", url=f"{site}/courses.html")
    script = Script()
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         io=RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert "3D printing" in result.answer and script.seen("navigator") == []  # April's 20 seats do not count
    quotes = [(e.url.rsplit("/", 1)[-1], e.quote) for e in result.evidence]
    assert ("course_print.html", "Seats: 14") in quotes, quotes
    assert session.page.url.endswith("/courses.html")  # read without leaving the list


async def test_items_are_not_read_on_their_pages_with_compare_items_switched_off(
    session: BrowserSession, site: str, events: EventList
) -> None:
    request = TaskRequest(task="Which course in March 2025 has the most seats?", url=f"{site}/courses.html")
    script = Script(navigator=[actions(done("")), actions(done(""))])
    settings = RunSettings(screenshots=False, without=["compare_items"])
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings=settings,
                io=RunIO(sink=events)).run()
    assert script.seen("navigator"), events.dump()  # no pick by code: the navigator was asked


def test_an_item_page_s_lines_leave_out_its_scripts_and_head() -> None:
    html = "<html><head><title>T</title><script>var seats = 99;</script></head><body><h1>Lathe</h1>" \
           "<p>Seats: <b>5</b></p><ul><li>one</li><li>two</li></ul></body></html>"
    assert html_lines(html) == ["Lathe", "Seats: 5", "one", "two"]


def test_markup_the_html_parser_gives_up_on_keeps_the_lines_read_before_it() -> None:
    assert html_lines("<h1>Lathe</h1><p>Seats: 5</p><![foo[ broken <p>more") == ["Lathe", "Seats: 5"]


async def test_an_item_link_that_may_change_something_or_leaves_the_site_is_not_read(
    session: BrowserSession, site: str
) -> None:
    await session.page.goto(f"{site}/courses.html")
    await session.page.evaluate("""() => {
      document.querySelectorAll('a').forEach((a, i) => a.setAttribute('data-nw', 'k' + i));
      const away = document.createElement('a'); away.href = 'http://example.invalid/course';
      away.setAttribute('data-nw', 'away'); document.body.append(away);
    }""")
    read = await item_pages(session.page, ["k1", "k2", "away"])  # Log out, the soldering course, elsewhere
    assert list(read) == ["k2"] and "Seats: 8" in read["k2"][1]
