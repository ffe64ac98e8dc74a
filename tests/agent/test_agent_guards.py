"""Guards: the loop guard, budgets, malformed model answers, blocked domains."""

from __future__ import annotations

import re

from agent_support import EventList
from script import Script, actions, done, eid, finish, give_up, web_step

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel


def run_agent(
    script: Script, session: BrowserSession, url: str, events: EventList, settings: RunSettings | None = None
) -> Agent:
    model = ScriptedModel(script)
    return Agent(
        TaskRequest(task="Refresh the page", url=url), Models.same(model), Tools(session), settings=settings,
        io=RunIO(sink=events),
    )


async def test_the_same_action_with_the_same_outcome_three_times_ends_the_step(
    session: BrowserSession, site: str, events: EventList
) -> None:
    type_hi = lambda p: actions({"name": "type_text", "element": eid(p, "Comment"), "text": "hi"})  # noqa: E731
    script = Script(
        planner=[give_up("the page does not react")],
        navigator=[type_hi] * 5,
    )
    result = await run_agent(script, session, f"{site}/comment.html", events).run()
    assert result.status == "failed"
    step = events.of("step_finished")[0]
    assert step.status == "failed" and "same result 3 times" in step.answer  # type: ignore[attr-defined]
    assert len(events.of("action_done")) == 3
    assert "same result 3 times" in script.seen("planner")[0]


async def test_a_click_that_worked_is_not_offered_again_on_the_same_page(
    session: BrowserSession, site: str, events: EventList
) -> None:
    click_refresh = lambda p: actions({"name": "click", "element": eid(p, "Refresh")})  # noqa: E731
    script = Script(planner=[give_up("the page does not react")], navigator=[click_refresh, click_refresh])
    result = await run_agent(script, session, f"{site}/links.html", events).run()
    assert result.status == "failed"
    assert len(events.of("action_done")) == 1
    second = script.seen("navigator")[1]
    assert "Refresh #" in second.split("Actions:", 1)[0] or "Refresh" in second


async def test_a_step_that_never_finishes_runs_out_of_model_calls(
    session: BrowserSession, site: str, events: EventList
) -> None:
    type_hi = lambda p: actions({"name": "type_text", "element": eid(p, "Comment"), "text": "hi"})  # noqa: E731
    script = Script(planner=[give_up("nothing found")], navigator=[type_hi] * 2)
    settings = RunSettings(max_calls_per_step=2, repeat_limit=9)
    result = await run_agent(script, session, f"{site}/comment.html", events, settings).run()
    assert result.status == "failed"
    assert "no finish after 2 model calls" in (events.of("step_finished")[0].answer or "")  # type: ignore[attr-defined]


async def test_a_malformed_answer_is_repaired_with_one_retry(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        planner=["{not json", web_step("Read the price")],
        navigator=[
            {"thought": "x", "actions": [{"name": "click", "element": "no-such-id"}]},
            actions(done("$12.00")),
        ],
        check=[finish("$12.00")],
    )
    result = await run_agent(
        script, session, f"{site}/buy.html", events, RunSettings(plan_first="model")
    ).run()
    # "Refresh the page" answered with a price and nothing done: an answer no page confirmed as done
    assert result.status == "unverified" and result.answer == "$12.00", result
    calls = events.of("model_called")
    # planner (bad, repaired), reader, navigator (bad, repaired), check
    assert [c.ok for c in calls] == [False, True, True, False, True, True]  # type: ignore[attr-defined]
    repair = script.seen("navigator")[1]
    assert "Your answer was not valid" in repair


async def test_an_answer_that_stays_invalid_ends_in_a_clear_failure(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(planner=["{not json", '{"decision": {"kind": "dance"}}'])
    result = await run_agent(
        script, session, f"{site}/buy.html", events, RunSettings(plan_first="model")
    ).run()
    assert result.status == "failed"
    assert result.error is not None and result.error.startswith("the planner model gave no valid answer")
    assert "Traceback" not in result.error


async def test_navigation_outside_the_allowed_domains_is_blocked_and_reported(
    session: BrowserSession, site: str, events: EventList
) -> None:
    other = site.replace("127.0.0.1", "localhost")
    script = Script(
        planner=[
            web_step("Read the opening hours", site=f"{other}/page2.html"),
            give_up("that site is blocked"),
        ]
    )
    result = await run_agent(
        script, session, f"{site}/links.html", events, RunSettings(plan_first="model")
    ).run()
    assert result.status == "failed"
    step = events.of("step_finished")[0]
    assert step.status == "failed" and "could not open" in step.summary  # type: ignore[attr-defined]
    assert session.page.url.startswith(site)


async def test_a_question_s_answer_needs_its_fact_even_after_a_step_that_changed_the_page(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the check once finished a status question with its prompt's own example, "the answer for the
    # person", accepted because the step had submitted a form (a changed page exempts an action only)
    def search(prompt: str) -> dict[str, object]:
        return actions({"name": "type_text", "element": eid(prompt, "Query"), "text": "owls"},
                       {"name": "click", "element": eid(prompt, "Search")})

    script = Script(reader=[{"kind": "question", "answer": ""}] * 4,
                    navigator=[search, actions(done(""))],
                    check=[finish("the answer for the person")],
                    planner=[finish("the answer for the person")])
    result = await Agent(
        TaskRequest(task="Search for owls. What is the third result called?", url=f"{site}/search.html"),
        Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events),
    ).run()
    assert result.status == "failed" and "could not ground" in (result.error or ""), events.dump()


async def test_the_page_the_step_s_last_call_reached_is_read_before_the_step_gives_up(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the last allowed call opened the baggage fees page, and the step ended "no finish after 6 model
    # calls" without reading it
    no = {"kind": "question", "answer": ""}
    script = Script(reader=[no, {"kind": "question", "answer": "7,215"}],
                    navigator=[lambda p: actions({"name": "click", "element": _link_id(p, "Pelin")})])
    result = await Agent(
        TaskRequest(task="What is the population of Pelin?", url=f"{site}/towns.html"),
        Models.same(ScriptedModel(script)), Tools(session), RunSettings(max_calls_per_step=2),
        RunIO(sink=events),
    ).run()
    assert result.status == "success" and result.answer == "7,215", events.dump()


def _link_id(prompt: str, label: str) -> str:
    found = re.search(rf"\[(\w+)\] (?:link )?\"?{label}", prompt)
    assert found, prompt
    return found.group(1)
