"""The planner/navigator loop on fixture pages in real Chromium, with a scripted model."""

from __future__ import annotations

from pathlib import Path

from agent_support import EventList
from script import Script, actions, done, eid, finish, give_up, web_step

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import AfterAction, Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel


def agent_for(
    script: Script, session: BrowserSession, url: str, events: EventList, settings: RunSettings | None = None,
    after_action: AfterAction | None = None, task: str = "Sign up for the newsletter as Ada",
) -> Agent:  # fmt: skip
    model = ScriptedModel(script)
    return Agent(
        TaskRequest(task=task, url=url), Models.same(model), Tools(session),
        settings=settings or RunSettings(), io=RunIO(sink=events, after_action=after_action),
    )


async def test_a_one_page_command_costs_two_model_calls_when_the_navigator_acts_once(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[
            lambda p: actions(
                {"name": "type_text", "element": eid(p, "Your name"), "text": "Ada"},
                {"name": "click", "element": eid(p, "Sign up")},
                done("signed up"),
            )
        ],
        check=[finish("You are signed up as Ada.")],
    )
    result = await agent_for(script, session, f"{site}/form.html", events).run()
    assert result.status == "success", result
    assert result.answer == "You are signed up as Ada."
    # the navigator and the check: a task that only commands the page's controls needs no reader call
    assert result.model_calls == 2 and result.steps == 1
    assert events.of("plan_updated")[0].thought == "the request starts on this page"  # type: ignore[attr-defined]
    assert await session.page.inner_text("#out") == "Thanks, Ada!"
    assert [e.type for e in events.events][-2:] == ["state_changed", "run_finished"]
    assert "Thanks, Ada!" in script.seen("check")[0], "the check reads the page the step ended on"


async def test_a_batch_stops_at_the_first_action_that_changes_the_page(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[
            lambda p: actions(
                {"name": "click", "element": eid(p, "Opening hours")},
                {"name": "click", "element": eid(p, "Refresh")},
            ),
            lambda p: actions(done("Monday to Friday, 9:00 to 17:00")),
        ],
        check=[finish("Monday to Friday, 9:00 to 17:00")],
    )
    result = await agent_for(script, session, f"{site}/links.html", events).run()
    assert result.status == "success", result
    clicks = events.of("action_done")
    assert len(clicks) == 1, "the click after the navigation was not run on the new page"
    second = script.seen("navigator")[1]
    assert "We are open Monday to Friday" in second and "Steps already done" in second


async def test_a_failed_step_leads_the_planner_to_replan(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        planner=[web_step("Find the price of the blue mug")],
        navigator=[
            actions({"name": "finish", "status": "failed", "answer": "there is no red mug"}),
            actions(done("$12.00")),
        ],
        check=[finish("The blue mug costs $12.00.")],
    )
    result = await agent_for(script, session, f"{site}/buy.html", events,
                             task="What does the blue mug cost?").run()
    assert result.status == "success" and result.steps == 2
    replan = script.seen("planner")[0]
    assert "failed" in replan and "there is no red mug" in replan
    assert [e.status for e in events.of("step_finished")] == ["failed", "done"]  # type: ignore[attr-defined]


async def test_giving_up_ends_the_run_failed_with_the_reason(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(planner=[give_up("the shop sells no red mugs")])
    settings = RunSettings(plan_first="model")
    result = await agent_for(script, session, f"{site}/buy.html", events, settings=settings).run()
    assert result.status == "failed" and result.error == "the shop sells no red mugs"


async def test_after_action_hook_ends_the_run_at_once(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(
        navigator=[
            lambda p: actions(
                {"name": "click", "element": eid(p, "Weekly digest")},
                {"name": "click", "element": eid(p, "Sign up")},
            )
        ],
    )
    seen: list[str] = []

    async def over(result: object) -> bool:
        seen.append(str(getattr(result, "action", "")))
        return True

    result = await agent_for(script, session, f"{site}/form.html", events, after_action=over).run()
    assert result.status == "stopped"
    assert seen == ["click"]
    assert await session.page.inner_text("#out") == ""


async def test_each_step_leaves_a_screenshot_of_the_page_it_ended_on(
    session: BrowserSession, site: str, events: EventList
) -> None:
    sign_up = lambda p: actions(  # noqa: E731
        {"name": "type_text", "element": eid(p, "Your name"), "text": "Ada"},
        {"name": "click", "element": eid(p, "Sign up")}, done(),
    )
    script = Script(navigator=[sign_up],
                    check=[finish("Signed up as Ada.")])
    result = await agent_for(script, session, f"{site}/form.html", events).run()
    assert result.status == "success", result
    shots = events.of("screenshot_taken")
    assert len(shots) == 1
    png = Path(shots[0].path)  # type: ignore[attr-defined]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "after step 1 (done)" in shots[0].caption  # type: ignore[attr-defined]
