"""The navigator's procedures and batch rules are one list in the policy's order, each switched off by
its name (`--without NAME`): the run leaves it out and the model does what it did."""

from __future__ import annotations

import pytest
from agent_support import EventList
from script import Script, actions

from navwright.agent.procedures import BATCH_RULES, PROCEDURES, procedure_names
from navwright.agent.rulenames import RULE_NAMES
from navwright.agent.rules import rule_names, without_help
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

ORDER = ["compare", "count_marked", "suggestion", "press_kind", "tick_named", "choose_named", "press_named",
         "numbered_result", "type_beginning", "authored_message", "sign_in", "read_label", "read_post",
         "reader", "look_up", "checkout", "open_coded", "edit_named", "reference", "start", "section",
         "broaden", "open_result", "look_up", "copying", "set_amount", "form_procedure", "review",
         "send_chosen", "confirmation"]
"""The order the procedures are tried in (the look-up's pause for a site's own functions comes before
the moves on a page)."""


def test_the_procedures_keep_the_order_of_the_policy() -> None:
    assert [p.name for p in PROCEDURES] == ORDER
    assert [r.name for r in BATCH_RULES] == ["typed_as_written", "hold_unfilled", "keep_code_values"]


def test_every_procedure_and_batch_rule_is_a_rule_a_run_can_switch_off() -> None:
    names = procedure_names()
    assert set(names) <= set(rule_names()) and len(names) == len(set(names))
    for name in names:
        assert RunSettings(without=[name]).without == [name]
        assert name in without_help()
    with pytest.raises(ValueError, match=r"no rule named look-up; the rules are: .*look_up"):
        RunSettings(without=["look-up"])


def test_the_names_settings_accept_are_the_names_of_the_rules_themselves() -> None:
    assert list(RULE_NAMES) == rule_names()


async def test_a_procedure_switched_off_leaves_its_move_to_the_model(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def on_the_start_page(prompt: str) -> dict[str, object]:
        assert "Start now" in prompt and "Your details" not in prompt  # code did not press it
        return actions({"name": "finish", "status": "failed", "answer": "stopped"})

    script = Script(reader=[{"kind": "action", "answer": ""}], navigator=[on_the_start_page])
    task = "On the City of Norrvik website, apply for a resident parking permit for my car."
    request = TaskRequest(task=task, url=f"{site}/permit_start.html")
    settings = RunSettings(yes=True, max_steps=1, without=["start"])
    model = Models.same(ScriptedModel(script))
    await Agent(request, model, Tools(session), settings, RunIO(sink=events)).run()
    assert [r for r, _ in script.prompts].count("navigator") >= 1, events.dump()
    assert not any(e.type == "action_done" for e in events.events), events.dump()
