"""Answers carry evidence; an answer no page showed is not accepted; a failed step is not re-sent."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish, web_step
from test_agent_flow import agent_for

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

ASKED = RunSettings(reader=False)
"""Questions answered by the scripted navigator alone (no reader call): a request to act, answered with
no action, is turned back before its facts are looked at (policy.acting_missing)."""


async def test_the_answer_carries_the_url_and_line_it_came_from(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Opening hours")}),
                   actions(done("Monday to Friday, 9:00 to 17:00"))],
        check=[finish("The shop is open Monday to Friday, 9:00 to 17:00.")],
    )
    result = await agent_for(script, session, f"{site}/links.html", events).run()
    assert result.status == "success", result
    assert result.evidence and result.evidence[0].url.endswith("/page2.html")
    assert "9:00 to 17:00" in result.evidence[0].quote
    assert events.of("run_finished")[0].evidence == result.evidence  # type: ignore[attr-defined]


async def test_a_navigator_answer_no_page_showed_is_turned_back_then_the_step_fails(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[actions(done("Flight LH4521 costs $1000")), actions(done("Flight LH4521 costs $1000"))],
        planner=[lambda p: {"decision": {"kind": "give_up", "thought": "not found", "reason": "no flight"}}],
    )
    task = "How much is the cheapest flight to Berlin?"
    result = await agent_for(script, session, f"{site}/links.html", events, ASKED, task=task).run()
    assert result.status == "failed", result
    second = script.seen("navigator")[1]
    assert "not accepted" in second and "LH4521" in second
    step = events.of("step_finished")[0]
    assert step.status == "failed" and "LH4521" in (step.answer or "")  # type: ignore[attr-defined]


async def test_a_planner_answer_with_facts_no_page_showed_ends_the_run_failed_not_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[actions(done("open on weekdays"))],
        check=[finish("The shop opens at 8:30 on Sundays, ticket 7QX2.")],
        planner=[finish("Ticket 7QX2, opens 8:30.")],
    )
    task = "When does the shop open on Sundays?"
    result = await agent_for(script, session, f"{site}/links.html", events, ASKED, task=task).run()
    assert result.status == "failed", result
    assert "7QX2" in (result.error or "") and "no page showed" in (result.error or "")
    assert "not accepted" in script.seen("planner")[0]


async def test_an_answer_that_states_nothing_a_page_showed_is_not_a_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[actions(done("see page"))],
        check=[finish("The answer is provided on the current page.")],
        planner=[finish("The answer is provided on the current page.")],
    )
    task = "When is the shop open?"
    result = await agent_for(script, session, f"{site}/links.html", events, ASKED, task=task).run()
    assert result.status == "failed", result
    assert "nothing a page showed" in (result.error or "")


async def test_a_failed_step_is_not_sent_again_unchanged(
    session: BrowserSession, site: str, events: EventList
) -> None:
    request = "Find the price of the red mug"
    script = Script(
        planner=[web_step(request), web_step(request), web_step(request)],
        navigator=[actions({"name": "finish", "status": "failed", "answer": "there is no red mug"})] * 2,
    )
    settings = RunSettings(plan_first="model")
    result = await agent_for(script, session, f"{site}/buy.html", events, settings=settings).run()
    assert result.status == "failed", result
    assert result.steps == 1, "the same request was not run a second time"
    retry = script.seen("planner")[2]
    assert "already failed" in retry and "there is no red mug" in retry
    assert "there is no red mug" in (result.error or "")


async def test_a_grounded_answer_to_the_whole_request_needs_no_check_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("The blue mug costs $12.00"))])
    task = "What does the blue mug cost?"
    result = await agent_for(script, session, f"{site}/buy.html", events, ASKED, task=task).run()
    assert result.status == "success", result
    roles = [e.role for e in events.of("model_called")]  # type: ignore[attr-defined]
    assert roles == ["navigator", "verifier"], "no planner check after a grounded answer"
    assert result.evidence[0].quote == "Price: $12.00"


async def test_on_a_long_page_the_navigator_reads_the_lines_further_down_that_match_the_task(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("6,663 inhabitants at the 1908 census"))])
    model = ScriptedModel(script)
    task = "What was the population of Corva at the 1908 census?"
    result = await Agent(
        TaskRequest(task=task, url=f"{site}/article.html"), Models.same(model), Tools(session),
        io=RunIO(sink=events),
    ).run()
    first = script.seen("navigator")[0]
    assert "Lines of this page that match the task:" in first and "1908 | 6,663" in first
    assert result.status == "success", result
    assert any("6,663" in e.quote for e in result.evidence)


async def test_a_step_that_failed_twice_from_different_pages_is_not_tried_a_third_time(
    session: BrowserSession, site: str, events: EventList
) -> None:
    request = "Find the price of the red mug"
    failed = actions({"name": "finish", "status": "failed", "answer": "there is no red mug"})
    script = Script(
        planner=[web_step(request, f"{site}/buy.html"), web_step(request, f"{site}/links.html"),
                 web_step(request, f"{site}/page2.html")],
        navigator=[failed, failed],
    )
    settings = RunSettings(plan_first="model")
    result = await agent_for(script, session, f"{site}/buy.html", events, settings=settings).run()
    assert result.status == "failed", result
    assert result.steps == 2 and len(script.seen("planner")) == 3
    assert "failed twice" in (result.error or "") and "there is no red mug" in (result.error or "")
