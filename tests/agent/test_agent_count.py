"""The count procedure: for "how many unread messages from Ben Ortiz…?", code counts the records of a
list that name what the question names and that the page marks only visually (a class, bold type, a
textless part's label), with no model decision; the verdict takes code's count as stated."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done

from navwright.agent.counting import marked_count
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.records import Record, Records, list_records
from navwright.models.scripted import ScriptedModel

BEN = "How many unread messages from Ben Ortiz are in my inbox?"


def _subject(line: str) -> str:
    return next(s for s in ("Allotment rota", "Water butt", "Compost", "Netting", "Seed swap", "shed key",
                            "Minutes", "Plot 14") if s in line)


async def _inbox(session: BrowserSession, site: str, page: str = "inbox_marked.html") -> Records:
    await session.page.goto(f"{site}/{page}")
    return await list_records(session.page, marks=True)


async def test_rows_that_differ_by_one_class_are_one_list_and_carry_that_class_as_a_mark(
    session: BrowserSession, site: str
) -> None:
    found = await _inbox(session, site)
    assert len(found.records) == 8  # "tr.unread" and "tr" rows alike, not the larger half alone
    unread = [r.text for r in found.records if "unread" in r.marks]
    assert [_subject(t) for t in unread] == ["Allotment rota", "Water butt", "Compost", "Netting"]
    assert all("bold" in r.marks for r in found.records if "unread" in r.marks)
    assert all(not r.marks for r in found.records if "unread" not in r.marks)
    unasked = await list_records(session.page)  # every other reader of a list: no marks read
    assert len(unasked.records) == 8 and not any(r.marks for r in unasked.records)


async def test_unread_rows_from_the_named_sender_are_counted(session: BrowserSession, site: str) -> None:
    found = await _inbox(session, site)
    counted = marked_count(parse(BEN), found, session.page.url)
    assert counted is not None and len(counted.marked) == 3 and len(counted.fitting) == 5
    assert counted.answer.startswith("3 (") and "Ben Ortiz" in counted.answer
    assert [_subject(e.quote) for e in counted.evidence] == ["Allotment rota", "Water butt", "Netting"]
    everyone = marked_count(parse("How many unread messages are in my Inbox?"), found, "u")  # the list's name
    assert everyone is not None and len(everyone.marked) == 4


async def test_bold_type_alone_marks_what_is_new_and_a_textless_label_is_a_mark(
    session: BrowserSession, site: str
) -> None:
    found = await _inbox(session, site, "notices_bold.html")
    new = marked_count(parse("How many new notifications do I have?"), found, "u")
    assert new is not None and len(new.marked) == 3
    starred = marked_count(parse("How many starred notifications are from Mara Lind?"), found, "u")
    assert starred is not None and len(starred.marked) == 2
    assert marked_count(parse("How many pinned notifications are there?"), found, "u") is None


async def test_no_count_where_the_question_names_no_mark_or_a_name_the_list_lacks(
    session: BrowserSession, site: str
) -> None:
    found = await _inbox(session, site)
    assert marked_count(parse("How many messages from Ben Ortiz are in my inbox?"), found, "u") is None
    assert marked_count(parse("How many unread messages from Jo Park are there?"), found, "u") is None
    assert marked_count(parse("How many read messages from Ben Ortiz are there?"), found, "u") is None


async def test_an_inbox_page_of_several_with_an_older_arrow_is_not_counted(
    session: BrowserSession, site: str
) -> None:
    found = await _inbox(session, site, "inbox_paged.html")
    assert found.more and found.part  # "Page 1 of 2", "Older →"
    assert marked_count(parse(BEN), found, session.page.url) is None


def test_no_count_on_a_list_that_goes_on_past_its_page() -> None:
    rows = [Record(text=f"Ben Ortiz · Note {i} · Apr {i}", marks=["unread"] if i % 2 else [])
            for i in range(1, 5)]
    whole = Records(title="Inbox", records=rows, total=4)
    assert marked_count(parse(BEN), whole, "u") is not None
    assert marked_count(parse(BEN), whole.model_copy(update={"more": True}), "u") is None
    assert marked_count(parse(BEN), whole.model_copy(update={"total": 40}), "u") is None
    assert marked_count(parse(BEN), whole.model_copy(update={"part": True}), "u") is None


async def test_a_marked_count_is_answered_with_no_model_call_and_is_a_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script()
    result = await Agent(TaskRequest(task=BEN, url=f"{site}/inbox_marked.html"),
                         Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert result.answer.startswith("3 "), result.answer
    assert script.seen("navigator") == [] and script.seen("check") == []  # code counted: no model read it
    stated = next(c for c in result.checks if c.name == "count_stated")
    assert stated.ok and stated.quote is None


async def test_rows_are_not_counted_by_code_with_count_marked_switched_off(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("")), actions(done(""))])
    settings = RunSettings(screenshots=False, without=["count_marked"])
    await Agent(TaskRequest(task=BEN, url=f"{site}/inbox_marked.html"), Models.same(ScriptedModel(script)),
                Tools(session), settings=settings, io=RunIO(sink=events)).run()
    assert script.seen("navigator"), events.dump()
