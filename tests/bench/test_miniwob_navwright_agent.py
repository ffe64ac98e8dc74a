"""navwright's own Agent through the MiniWoB adapter, with a scripted model standing in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from miniwob_scripted import element_id
from pydantic import BaseModel

from navwright.bench.miniwob.agents import NavwrightEpisodeAgent, run_settings
from navwright.bench.miniwob.episode import EpisodeLimits, EpisodeSpec, run_episode
from navwright.bench.miniwob.logs import EpisodeEventLog
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.build import Models
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel


def _script(messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any]:
    name = schema.__name__ if schema else ""
    if name == "PlannerReply":
        step = {"kind": "web_step", "thought": "one page", "site": "", "request": "Click the button."}
        return {"decision": step}
    if name == "ReaderReply":  # the reader's one call: the task changes something
        return {"kind": "action", "answer": ""}
    if name == "NavigatorReply":
        element = element_id(messages[-1].content, '"Click Me!')
        click = {"name": "click", "element": f"Click Me! #{element}"}  # elements are named "label #id"
        return {"thought": "click the button", "actions": [click, click]}
    raise AssertionError(f"the episode should have ended before a {name or 'free text'} call")


async def test_navwright_agent_is_stopped_at_once_when_its_click_ends_the_episode(
    base_url: str, tmp_path: Path
) -> None:
    model = ScriptedModel(_script)
    agent = NavwrightEpisodeAgent(Models(model, model), run_settings(MiniwobOptions()))
    spec = EpisodeSpec(task="click-test", seed=0)
    log = EpisodeEventLog(tmp_path, spec)
    async with BrowserSession(BrowserSettings(viewport_width=800, viewport_height=600)) as session:
        outcome = await run_episode(
            spec,
            session=session,
            agent=agent,
            base_url=base_url,
            limits=EpisodeLimits(timeout_s=30),
            sink=log,
        )
    log.close()
    assert outcome.success and outcome.raw_reward == 1.0
    assert outcome.agent_status == "stopped"
    assert outcome.actions == 1
    assert outcome.model_calls == len(model.seen) == 0  # the page's one button, pressed by code
    events = log.path.read_text()
    assert '"type":"run_started"' in events and '"task":"Click the button."' in events
