"""A task people repeat costs no model call: the demo task run three times against one shop and one
memory store, in real Chromium with a scripted model. The first two runs learn the workflow (through
the shop's site functions, or through its pages: a search, a result, a form that adds to the cart);
the third replays it with no model call and still ends with a truthful verdict."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.demo import DemoShop, serve_demo
from navwright.demo.task import check_outcome, demo_task
from navwright.memory import MemoryStore, RunMemory
from navwright.memory.db import dumps
from navwright.models.scripted import ScriptedModel
from navwright.sites import SiteSkillSource

CATEGORY = "headphones"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    with MemoryStore(tmp_path / "runs.db") as s:
        yield s


def by_site_functions(total: str) -> Script:
    """Search, add, read the cart: three site functions, then the answer; the check call says yes."""
    return Script(navigator=[
        actions({"name": "search_products", "query": "headphones"}),
        actions({"name": "add_to_cart", "product_id": "hp-echo"}),
        actions({"name": "view_cart"}),
        actions(done(f"The cart total is ${total}.")),
    ])


def by_pages() -> Script:
    """Code searches the shop and opens the result; the model presses "Add to cart" on its page (a
    form) and answers from the cart page it leads to."""
    return Script(navigator=[lambda p: actions({"name": "click", "element": eid(p, "Add to cart")},
                                               done("The cart total is $34.50."))])


async def run(shop: DemoShop, store: MemoryStore, script: Script, events: EventList | None = None,
              secrets: dict[str, str] | None = None) -> RunResult:
    """One run in a browser of its own (a new cart), as `navwright run` makes one."""
    task = demo_task(shop, CATEGORY)
    async with BrowserSession(BrowserSettings(allowed_domains=["127.0.0.1"])) as session:
        tools = Tools(session, sites=SiteSkillSource(probe_well_known=False),
                      memory=RunMemory(store, task, shop.url + "/", secrets))
        agent = Agent(TaskRequest(task=task, url=shop.url + "/", secrets=secrets or {}),
                      Models.same(ScriptedModel(script)), tools, io=RunIO(sink=events))
        return await agent.run()


def names(result: RunResult) -> list[str]:
    return [c.name for c in result.checks]


async def test_site_functions_are_learned_and_the_third_run_replays_them_with_no_model_call(
    store: MemoryStore
) -> None:
    with serve_demo() as shop:
        for _ in range(2):
            learned = await run(shop, store, by_site_functions("34.50"))
            assert learned.status == "success" and learned.model_calls == 5, learned  # 4 navigator, 1 check
        [workflow] = store.workflows()
        assert workflow.status == "served"
        assert [a.skill for a in workflow.steps[0].actions] == ["search_products", "add_to_cart", "view_cart"]
        assert any(v.startswith("model_check:") for v in workflow.verdict) and workflow.evidence
        events = EventList()
        result = await run(shop, store, Script(), events)
        ok, why = check_outcome(shop, CATEGORY, result.answer)
    assert result.status == "success" and result.model_calls == 0, result
    assert ok, why
    assert result.answer == "The cart total is $34.50."
    assert "replayed" in names(result) and "model_check" not in names(result)
    assert '"total":34.5' in result.evidence[0].quote  # the cart as this run's view_cart call returned it
    assert [e.action for e in events.of("action_done")] == \
        ["search_products", "add_to_cart", "view_cart"]  # type: ignore[attr-defined]
    assert store.replays(workflow.id) == [(result.run_id, "replayed", "")]


async def test_a_search_a_result_page_and_a_form_are_replayed_with_no_model_call(store: MemoryStore) -> None:
    with serve_demo(manifest=False) as shop:
        for _ in range(2):
            learned = await run(shop, store, by_pages())
            assert learned.status == "success" and learned.model_calls == 2, learned  # navigator, check
        [workflow] = store.workflows()
        assert workflow.status == "served" and workflow.task == \
            "Add the {{$1}} to the cart and tell me the cart total."
        result = await run(shop, store, Script())
        ok, why = check_outcome(shop, CATEGORY, result.answer)
    assert result.status == "success" and result.model_calls == 0, result
    assert ok, why
    assert "replayed" in names(result) and "model_check" not in names(result)
    assert "/cart" in result.evidence[0].url or "/product/" in result.evidence[0].url


async def test_an_answer_the_replay_does_not_see_again_is_the_planners_and_checked_by_the_model(
    store: MemoryStore
) -> None:
    """The price changed since the workflow was learned: its answer ($34.50) is on no page now, so
    it is not given; the planner answers from the cart and the check call reads the new lines."""
    with serve_demo() as shop:
        for _ in range(2):
            await run(shop, store, by_site_functions("34.50"))
        shop.state.catalog.by_id["hp-echo"].price = 31.25
        script = Script(check=[finish("The cart total is $31.25.")])
        events = EventList()
        result = await run(shop, store, script, events)
        ok, why = check_outcome(shop, CATEGORY, result.answer)
    assert result.status == "success" and ok, (result, why)
    assert "34.5" not in result.answer and "model_check" in names(result) and "replayed" not in names(result)
    assert script.seen("check") and script.seen("verify"), "the planner answered, the check call checked"
    assert [e.status for e in events.of("workflow_replayed")] == ["started", "mismatch"]  # type: ignore[attr-defined]


async def test_what_a_site_function_learned_keeps_no_secret(store: MemoryStore) -> None:
    """A value the person gave as a secret, sent to a site function, is kept as its name only."""
    with serve_demo() as shop:
        result = await run(shop, store, by_site_functions("34.50"), secrets={"ITEM": "hp-echo"})
    assert result.status == "success", result
    [step] = store.steps()
    assert step.actions[1].params == {"product_id": "{{ITEM}}"}
    assert "hp-echo" not in dumps(store.export())
    assert "hp-echo" not in Path(store.path).read_bytes().decode("utf-8", "replace")
