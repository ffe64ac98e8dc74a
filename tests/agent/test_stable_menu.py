"""With `stable_menu` the navigator's system prompt stays the same from call to call while the page's
menu changes (agent/menus.py): the model's cache then holds the prompt and all that follows it."""

from __future__ import annotations

import pytest
from agent_support import EventList
from pydantic import BaseModel
from script import Script, actions, done, eid
from test_agent_flow import agent_for

from navwright.agent.actions import Menu
from navwright.agent.menus import MenuLines
from navwright.agent.settings import RunSettings
from navwright.browser.session import BrowserSession


def _menu(*lines: str) -> Menu:
    return Menu(skills={}, reply=BaseModel, lines=list(lines))


def test_an_action_offered_once_stays_in_the_list_in_the_order_first_offered() -> None:
    shown = MenuLines(stable=True)
    assert shown.lines(_menu("click", "type_text")) == ["click", "type_text"]
    assert shown.lines(_menu("go_back", "click")) == ["click", "type_text", "go_back"]
    assert shown.lines(_menu()) == ["click", "type_text", "go_back"], "a finish-only menu takes none away"


def test_without_it_the_list_is_the_pages_menu() -> None:
    assert MenuLines(stable=False).lines(_menu("go_back")) == ["go_back"]


@pytest.mark.parametrize("stable", [True, False])
async def test_the_system_prompt_only_grows_at_its_end_when_the_page_changes_its_menu(
    session: BrowserSession, site: str, events: EventList, stable: bool
) -> None:
    script = Script(navigator=[lambda p: actions({"name": "click", "element": eid(p, "Opening hours")}),
                               actions(done("Monday to Friday, 9:00 to 17:00"))])
    settings = RunSettings(reader=False, stable_menu=stable)
    await agent_for(script, session, f"{site}/menu_form.html", events, settings,
                    task="When is the shop open?").run()
    first, second = (p.split("\nTask: ", 1)[0] for p in script.seen("navigator")[:2])
    assert '{"name": "type_text"' in first
    assert second.startswith(first) is stable, "the page without a form offers no type_text"
    assert second.endswith('{"name": "go_back"} Go back to the previous page in this tab.\n')
