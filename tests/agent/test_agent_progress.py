"""The navigator sees its own progress: no links back to pages already seen, no repeated calls,
site functions first, and a finish once everything it planned is done."""

from __future__ import annotations

import re
from typing import Any

from agent_support import EventList
from script import Script, actions, eid, finish

from navwright.agent.actions import ANSWER_CAP, FinishAction
from navwright.agent.run import Agent
from navwright.agent.trail import Trail
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession
from navwright.demo import serve_demo
from navwright.models.scripted import ScriptedModel
from navwright.sites import SiteSkillSource

TASK = "Add the Echo Lite On-Ear Headphones to the cart and tell me the cart total."


async def test_links_back_to_pages_the_step_has_seen_are_not_offered_again(
    session: BrowserSession, site: str
) -> None:
    trail = Trail()
    await session.open(f"{site}/shop_home.html")
    home = await observe(session.page, "all")
    assert trail.stale(home) == set()
    trail.see(home)
    await session.open(f"{site}/shop_cart.html")
    cart = await observe(session.page, "all")
    stale = {e.name for e in cart.elements if e.id in trail.stale(cart)}
    assert stale == {"Home", "Cart (0)"}  # followed or seen before, leading to pages already seen
    # not stale: a link to a page not seen yet, a new label, a link to a part of this page
    assert {"Products", "Continue shopping", "Top of page"}.isdisjoint(stale)


def _menu_of(prompt: str) -> str:
    return prompt.split("Actions:", 1)[1].split("Task:", 1)[0]


def _agent(script: Script, session: BrowserSession, url: str, events: EventList) -> Agent:
    model = ScriptedModel(script)
    return Agent(
        TaskRequest(task=TASK, url=url), Models.same(model),
        Tools(session, sites=SiteSkillSource(probe_well_known=False)), io=RunIO(sink=events),
    )


async def test_a_page_with_site_functions_offers_them_alone_until_the_model_turns_to_the_page(
    session: BrowserSession, events: EventList
) -> None:
    script = Script(planner=[finish("stopped")], navigator=[
        actions({"name": "use_the_page"}),
        actions({"name": "finish", "status": "failed", "answer": "not here"}),
    ])
    with serve_demo() as shop:
        await _agent(script, session, shop.url + "/", events).run()
    first, second = script.offered()
    assert "search_products" in first and "use_the_page" in first and "click" not in first
    assert "click" in second and "search_products" in second and "use_the_page" not in second
    assert '"click"' not in _menu_of(script.seen("navigator")[0]), "the prompt lists what was offered"


async def test_a_batch_that_repeats_done_calls_skips_them_and_then_only_finish_is_offered(
    session: BrowserSession, events: EventList
) -> None:
    search: dict[str, Any] = {"name": "search_products", "query": "echo lite"}
    add: dict[str, Any] = {"name": "add_to_cart", "product_id": "hp-echo"}
    script = Script(planner=[], check=[finish("$34.50")], navigator=[
        actions(search, add),  # the search returns data: the batch stops before add_to_cart
        actions(search, add),  # the search is skipped (done), add_to_cart runs
        actions(search, add),  # everything already done: nothing runs
        actions({"name": "finish", "status": "done", "answer": "total $34.50"}),
    ])
    with serve_demo() as shop:
        result = await _agent(script, session, shop.url + "/", events).run()
        carts = [s.cart for s in shop.state.sessions.all() if s.cart]
    assert result.status == "success", result.error
    assert [e.action for e in events.of("action_done")] == ["search_products", "add_to_cart"]  # type: ignore[attr-defined]
    assert carts == [{"hp-echo": 1}]
    last = script.seen("navigator")[3]
    assert "already done" in last and script.offered()[3] == {"finish"}


def test_a_rambling_answer_is_cut_by_the_schema() -> None:
    assert FinishAction.model_json_schema()["properties"]["answer"]["maxLength"] == ANSWER_CAP


async def test_clicks_that_only_focus_the_next_typed_field_are_dropped_from_a_batch(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def fill(p: str) -> dict[str, Any]:
        user, code = eid(p, "User"), eid(p, "Access code")
        return actions(
            {"name": "click", "element": user}, {"name": "type_text", "element": user, "text": "ada"},
            {"name": "click", "element": code}, {"name": "type_text", "element": code, "text": "tulip-4471"},
            {"name": "click", "element": eid(p, "Enter")},
        )

    script = Script(navigator=[fill, actions({"name": "finish", "status": "done", "answer": ""})],
                    check=[finish("in")])
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task="Log in as ada with code tulip-4471", url=f"{site}/login.html"), Models.same(model),
        Tools(session), io=RunIO(sink=events),
    )
    result = await agent.run()
    assert result.status == "success", result.error
    assert [e.action for e in events.of("action_done")] == ["type_text", "type_text", "click"]  # type: ignore[attr-defined]
    assert await session.page.inner_text("#out") == "Welcome back"


async def test_a_finish_after_actions_the_page_did_not_answer_waits_for_the_next_look(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """[type the name, finish] without pressing Sign up: the finish is a guess, the model looks again."""
    script = Script(
        navigator=[
            lambda p: actions({"name": "type_text", "element": eid(p, "Your name"), "text": "Ada"},
                              {"name": "finish", "status": "done", "answer": "signed up"}),
            lambda p: actions({"name": "click", "element": eid(p, "Sign up")},
                              {"name": "finish", "status": "done", "answer": "signed up"}),
        ],
    )
    await _run_on(f"{site}/form.html", "Sign up for the newsletter as Ada", script, session, events)
    assert len(script.seen("navigator")) == 2
    assert "value is now 'Ada'" in script.seen("navigator")[1]
    assert await session.page.inner_text("#out") == "Thanks, Ada!"


async def test_after_a_key_press_the_page_ignored_the_model_is_offered_the_buttons_not_keys(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """"Post it" read as press_key Enter in a field with no form: nothing happens, and the next menu
    has no press_key, so the model clicks the button instead of pressing Enter again and again."""
    script = Script(
        navigator=[
            lambda p: actions({"name": "type_text", "element": eid(p, "Comment"), "text": "nice"},
                              {"name": "press_key", "key": "Enter", "element": eid(p, "Comment")}),
            lambda p: actions({"name": "click", "element": eid(p, "Post")},
                              {"name": "finish", "status": "done", "answer": ""}),
        ],
    )
    await _run_on(f"{site}/comment.html", "Comment 'nice' and post it", script, session, events)
    first, second = script.offered()
    assert "press_key" in first and "press_key" not in second and "click" in second
    history = script.seen("navigator")[1]
    assert 'type_text(element="Comment #' in history and 'text="nice")' in history  # as the model writes it
    assert "nothing on the page changed" in history
    assert await session.page.inner_text("#out") == "Posted: nice"


async def test_a_finish_planned_before_a_click_changed_the_page_waits_for_a_look_at_the_change(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """[type, click Search, finish] for "search, then open the 2nd result": the finish was written
    before the results appeared, so the model sees them and goes on instead of stopping early."""
    script = Script(
        navigator=[
            lambda p: actions({"name": "type_text", "element": eid(p, "Query"), "text": "owls"},
                              {"name": "click", "element": eid(p, "Search")},
                              {"name": "finish", "status": "done", "answer": "..."}),
            lambda p: actions({"name": "click", "element": _link_id(p, "owls result 2")},
                              {"name": "finish", "status": "done", "answer": "..."}),
        ],
    )
    await _run_on(f"{site}/search.html", "Search for owls, then open the 2nd result", script, session, events)
    assert len(script.seen("navigator")) == 2
    assert await session.page.inner_text("#out") == "opened 2"
    step = events.of("step_finished")[0]
    assert step.answer is None  # type: ignore[attr-defined]  # "..." is no answer


def _link_id(prompt: str, label: str) -> str:
    """The id of a link in a compact "links: [3] a | [4] b" line, or on a line of its own (`[3] link "a"`:
    what appeared on a page since the model read it)."""
    found = re.search(rf"\[(\w+)\] (?:link \")?{re.escape(label)}\b", prompt)
    assert found, prompt
    return found.group(1)


async def _run_on(url: str, task: str, script: Script, session: BrowserSession, events: EventList) -> None:
    """Run `task` from `url` with the scripted navigator (the planner's check then finishes) and expect
    success."""
    script.answers.setdefault("check", [finish("done")])
    model = ScriptedModel(script)
    agent = Agent(TaskRequest(task=task, url=url), Models.same(model), Tools(session), io=RunIO(sink=events))
    result = await agent.run()
    assert result.status == "success", result.error
