"""A question about the latest (or oldest) item of a dated list: code reads the dates. Who and when are
answered from the item's line; anything else is read in the item, which code opens (agent/compare.py,
the compare procedure)."""

from __future__ import annotations

from agent_support import EventList
from script import Script

from navwright.agent.compare import rank
from navwright.agent.run import Agent
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.records import list_records
from navwright.models.scripted import ScriptedModel

BYLINE = "Who wrote the Rowan Community Garden's most recent news article, and on what date was it published?"


async def test_the_latest_item_is_picked_by_its_date_not_by_a_word_of_the_site_name(
    session: BrowserSession, site: str
) -> None:
    await session.page.goto(f"{site}/garden_news.html")
    found = await list_records(session.page)
    text = await session.page.inner_text("body")
    latest = rank(parse(BYLINE), found, text, session.page.url)
    assert latest is not None and "Greenhouse building starts" in latest.best.text, found
    assert latest.words == []  # "garden" names the site, not the one record that mentions it
    oldest = rank(parse("When was the oldest news article published?"), found, text, session.page.url)
    assert oldest is not None and "12 March 2024" in oldest.best.text


async def test_who_and_when_of_the_latest_item_are_answered_from_its_line_with_no_model_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script()
    result = await Agent(TaskRequest(task=BYLINE, url=f"{site}/garden_news.html"),
                         Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert "Helen Brooks" in result.answer and "30 September 2024" in result.answer
    assert not script.seen("navigator") and not script.seen("reader")


async def test_what_only_the_latest_item_holds_is_read_in_the_item_code_opened(
    session: BrowserSession, site: str, events: EventList
) -> None:
    task = "What is made of aluminium, according to the most recent news article?"

    def reader(prompt: str) -> dict[str, object]:
        if "recycled aluminium" in prompt:
            return {"kind": "question", "answer": "The greenhouse frame is made of recycled aluminium."}
        return {"kind": "question", "answer": ""}

    script = Script(reader=[reader, reader, reader])
    result = await Agent(TaskRequest(task=task, url=f"{site}/garden_news.html"),
                         Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert session.page.url.endswith("/garden_article.html"), events.dump()
    assert result.status == "success" and "frame" in result.answer, events.dump()
    assert not script.seen("navigator")


def test_a_latest_message_to_act_on_is_no_comparison() -> None:
    assert parse("Forward the latest mail from Ben to Ana").criterion is None
    assert parse(BYLINE).asks_byline
    assert not parse("What is the booking reference in my latest booking confirmation?").asks_byline
