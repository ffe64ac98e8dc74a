"""The one builder: the API and open_run make runs from Settings; the site source gets the fence."""

from __future__ import annotations

import json
from pathlib import Path

from config_chat_server import FakeChat

from navwright.api import run
from navwright.build import TaskRequest, open_run, site_source
from navwright.config import Settings, load_settings
from navwright.sites import SiteSkillSource

# The model's word goes through (an answer from no page would not be grounded, so it gives up in words)
FINISH = json.dumps({"decision": {"kind": "give_up", "thought": "known", "reason": "It is 4."}})


def test_the_site_source_is_fenced_by_the_runs_allowed_domains() -> None:
    settings = load_settings(environ={}, overrides={"run.allowed_domains": ["shop.test"]}).settings
    source = site_source(settings)
    assert isinstance(source, SiteSkillSource)
    assert source.allowed_domains == ["shop.test"] and "click" in source.reserved


async def test_api_run_reads_the_config_file_and_keeps_its_keywords(tmp_path: Path) -> None:
    with FakeChat(FINISH) as server:
        path = tmp_path / "c.toml"
        path.write_text(f'[models]\nplanner = "openai:from-file@{server.base_url}"\n')
        result = await run("What is 2+2?", config=path, navigator_model=f"openai:nav@{server.base_url}",
                           max_steps=2, allowed_domains=["127.0.0.1"])  # fmt: skip
    assert result.status == "failed" and result.error == "It is 4.", result
    assert [r["model"] for r in server.requests] == ["from-file"]


async def test_api_run_reports_a_bad_config_file_as_a_failed_result(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[run]\nmax_steps = 'many'\n")
    result = await run("What is 2+2?", config=path)
    assert result.status == "failed" and result.error
    assert result.error.startswith(f"{path}: [run] max_steps: Input should be a valid integer")


async def test_open_run_yields_an_agent_to_control(tmp_path: Path) -> None:
    with FakeChat(FINISH) as server:
        spec = f"openai:m@{server.base_url}"
        settings = Settings.model_validate({"models": {"planner": spec, "navigator": spec}})
        async with open_run(settings, TaskRequest(task="What is 2+2?")) as agent:
            result = await agent.run()
    assert result.status == "failed" and result.error == "It is 4."
