"""One observation per action: the look taken after an action is the model's next view, so what
appeared since the model last looked reaches it marked new (`[ID] role "label" new`)."""

from __future__ import annotations

import re

from agent_support import EventList
from script import Script, actions, eid, finish

from navwright.agent.run import Agent
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

TASK = "Switch order 2231 to express delivery."
NEW = re.compile(r'^\s*\[\w+\] .* new$', re.M)


def _page_part(prompt: str) -> str:
    return prompt.split("Page now:", 1)[1].replace("</page>", "")


async def test_buttons_that_appeared_after_a_click_reach_the_model_marked_new_from_one_look_per_action(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(planner=[finish("Delivery changed to Express")], navigator=[
        lambda p: actions({"name": "click", "element": eid(p, "Change delivery")}),
        lambda p: actions({"name": "click", "element": eid(p, "Express")}),
        actions({"name": "finish", "status": "done", "answer": "Delivery changed to Express"}),
    ])
    agent = Agent(TaskRequest(task=TASK, url=f"{site}/delivery.html"), Models.same(ScriptedModel(script)),
                  Tools(session), io=RunIO(sink=events))
    result = await agent.run()
    first, second, third = (_page_part(p) for p in script.seen("navigator"))
    assert not NEW.search(first)  # a page seen for the first time marks nothing
    assert re.search(r'\[\w+\] button "Express[^"]*" new$', second, re.M)  # appeared after "Change delivery"
    assert re.search(r'\[\w+\] button "Standard[^"]*" new$', second, re.M)
    assert re.search(r'\[\w+\] button "Change delivery"$', second, re.M)  # it was there before
    assert not NEW.search(third)  # the choice changed text, not elements: nothing new to mark
    assert result.status == "success"
    # one look when the step began, then one per action (its "after" is the model's next view)
    assert session.views.taken == 1 + 2


async def test_when_no_action_ran_since_the_models_view_the_page_is_looked_at_afresh(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(planner=[finish("no")], navigator=[
        actions({"name": "finish", "status": "done", "answer": "Express delivery costs €6.90"}),
        actions({"name": "finish", "status": "failed", "answer": "not changed"}),
    ])
    agent = Agent(TaskRequest(task=TASK, url=f"{site}/delivery.html"), Models.same(ScriptedModel(script)),
                  Tools(session), io=RunIO(sink=events))
    await agent.run()
    assert len(script.seen("navigator")) == 2  # turned back: "6.90" is on no page yet
    # the page may have changed by itself meanwhile: the second view is a look of its own
    assert session.views.taken == 2
