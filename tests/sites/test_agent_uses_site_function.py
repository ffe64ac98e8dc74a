"""End to end: the agent (scripted model) uses the demo shop's published functions for the demo task."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from navwright.agent.run import Agent
from navwright.agent.settings import ConfirmPolicy, RunSettings
from navwright.agent.user import AskKind
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.browser.skills import default_registry
from navwright.demo import serve_demo
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel
from navwright.sites import SiteSkillSource

TASK = "Find the cheapest mouse in the shop, add it to the cart and tell me the cart total."
ROLES = {"PlannerReply": "planner", "CheckReply": "check", "NavigatorReply": "navigator",
         "ReaderReply": "reader", "VerifyReply": "verify"}
Answer = dict[str, Any] | Callable[[str], dict[str, Any]]


class Approver:
    """The person: approves every confirmation and remembers what was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def ask(self, question: str, kind: AskKind) -> str | None:
        self.asked.append(question)
        return "yes" if kind == "confirm" else None


def scripted(answers: dict[str, list[Answer]], prompts: list[str]) -> ScriptedModel:
    def answer(messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any]:
        role = ROLES.get(schema.__name__ if schema else "", "other")
        prompt = "\n".join(m.content for m in messages)
        prompts.append(prompt)
        if role == "verify" and not answers.get(role):
            return {"shows": "yes"}  # the verdict's check call reads the quoted cart total as the answer
        step = answers[role].pop(0)
        return step(prompt) if callable(step) else step

    return ScriptedModel(answer)


def after_search(prompt: str) -> dict[str, Any]:
    assert '"id":"ms-trail"' in prompt, "the search result should be in the navigator's prompt"
    # A finish written in the same batch as a call that returns data would be a guess: it is not taken.
    return {
        "actions": [
            {"name": "add_to_cart", "product_id": "ms-trail", "quantity": 1},
            {"name": "finish", "status": "done", "answer": "a guess written before the result was read"},
        ]
    }


def after_add(prompt: str) -> dict[str, Any]:
    assert '"total":17.49' in prompt, "the cart the call returned should be in the navigator's prompt"
    answer = "Added Trail Travel Mouse; total $17.49"
    return {"actions": [{"name": "finish", "status": "done", "answer": answer}]}


def first_navigation(prompt: str) -> dict[str, Any]:
    assert "search_products" in prompt and "add_to_cart" in prompt, "site functions should be offered"
    return {"actions": [{"name": "search_products", "query": "mouse", "sort": "price-asc"}]}


async def test_agent_finds_cheapest_item_through_the_site_api_and_confirms_the_cart_change() -> None:
    prompts: list[str] = []
    model = scripted(
        {
            "planner": [{"decision": {"kind": "web_step", "thought": "shop", "site": "", "request": TASK}}],
            "reader": [{"kind": "action", "answer": ""}],
            "navigator": [first_navigation, after_search, after_add],
            "check": [
                {
                    "decision": {
                        "kind": "finish",
                        "thought": "ok",
                        "answer": "The cart total is $17.49.",
                        "evidence": "add_to_cart returned total 17.49",
                    }
                }
            ],
        },
        prompts,
    )
    person = Approver()
    with serve_demo(manifest=True) as shop:
        async with BrowserSession(BrowserSettings(allowed_domains=["127.0.0.1"])) as session:
            source = SiteSkillSource(reserved=[s.name for s in default_registry()], probe_well_known=False)
            settings = RunSettings(allowed_domains=["127.0.0.1"], confirm=ConfirmPolicy(skill_flag="always"))
            agent = Agent(
                TaskRequest(task=TASK, url=shop.url + "/"), Models.same(model), Tools(session, sites=source),
                settings=settings, io=RunIO(user=person),
            )
            result = await agent.run()
            assert result.status == "success", result.error
            assert "$17.49" in result.answer
            assert result.model_calls <= 5  # reader, search, add, finish, check (no first planner call)
            assert len(person.asked) == 1 and "add_to_cart" in person.asked[0]
            await session.open(shop.url + "/cart")
            assert await session.page.locator("#cart-total").inner_text() == "Total: $17.49"
