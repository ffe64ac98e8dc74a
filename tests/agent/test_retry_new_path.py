"""A request tried again takes another path (`retry_new_path`, agent/retried.py): a step sent with the
words of a failed step is not offered, on a page, the links the failed try followed from it."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, eid, element_refs, give_up, web_step
from test_agent_flow import agent_for

from navwright.agent.retried import Tries, held_on_retry
from navwright.agent.settings import RunSettings
from navwright.browser.session import BrowserSession
from navwright.browser.types import ElementInfo, Observation

TASK = "Which news article mentions a hot composting workshop? Give its title."
NEWS = "http://127.0.0.1/garden/news/"


def _failed(why: str) -> dict[str, object]:
    return {"name": "finish", "status": "failed", "answer": why}


def test_only_a_failed_step_with_the_same_words_leaves_its_links() -> None:
    tries = Tries()
    tries.ended(TASK, "done", frozenset({(NEWS, "Events")}))
    assert tries.avoid(TASK) == frozenset()
    tries.ended(TASK, "failed", frozenset({(NEWS, "Events")}))
    assert tries.avoid(TASK.upper()) == {(NEWS, "Events")}  # the same words, written another way
    assert tries.avoid("Which event mentions a workshop?") == frozenset()


def test_the_link_is_held_only_on_the_page_it_was_followed_from() -> None:
    links = [ElementInfo(id="1", role="link", name="Events"),
             ElementInfo(id="2", role="button", name="Events"),
             ElementInfo(id="3", role="link", name="Plots")]
    page = Observation(url=NEWS.rstrip("/"), title="t", mode="all", text="", elements=links)
    avoid = frozenset({(NEWS.rstrip("/"), "Events")})
    assert held_on_retry(avoid, page) == {"1"}
    other = page.model_copy(update={"url": "http://127.0.0.1/garden/"})
    assert held_on_retry(avoid, other) == frozenset()


async def _retried(session: BrowserSession, site: str, events: EventList, settings: RunSettings) -> Script:
    def on_news(prompt: str) -> dict[str, object]:
        return actions({"name": "click", "element": eid(prompt, "Greenhouse building starts")})

    def on_article(prompt: str) -> dict[str, object]:
        return actions({"name": "click", "element": eid(prompt, "Rowan Community Garden")})

    script = Script(navigator=[on_news, lambda p: actions(_failed("not on this page")), on_article,
                               lambda p: actions(_failed("no article says so"))],
                    planner=[web_step(TASK), give_up("none")])
    await agent_for(script, session, f"{site}/garden_news.html", events, settings, task=TASK).run()
    return script


async def test_a_retried_request_is_not_offered_the_link_its_failed_try_followed(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = await _retried(session, site, events, RunSettings(reader=False))
    offered = [{ref.rsplit(" #", 1)[0] for ref in refs} for refs in element_refs(script)]
    assert len(offered) == 4, events.dump()
    assert "Greenhouse building starts" in offered[0]
    assert "Greenhouse building starts" not in offered[3], offered[3]  # the news page, second try
    assert {"Building a rain garden", "Slug patrol tips", "News"} <= offered[3]


async def test_switched_off_the_retry_is_offered_the_same_links(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = await _retried(session, site, events, RunSettings(reader=False, without=["retry_new_path"]))
    offered = [{ref.rsplit(" #", 1)[0] for ref in refs} for refs in element_refs(script)]
    assert "Greenhouse building starts" in offered[3], events.dump()
