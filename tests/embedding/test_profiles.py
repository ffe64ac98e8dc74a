"""Browser profiles: a run logs in once with `--profile`, the next run with it starts logged in."""

from __future__ import annotations

import stat
from pathlib import Path

from agent_support import EventList
from login_site import LoginSite, login_script
from script import Script, actions, done, finish
from typer.testing import CliRunner

from navwright.browser.chromium import BrowserSettings
from navwright.browser.profiles import ProfileStore
from navwright.build import Given, Models, RunIO, TaskRequest, run_task
from navwright.cli import app
from navwright.config import Settings
from navwright.models.scripted import ScriptedModel


def settings_for(profile: str = "") -> Settings:
    return Settings(browser=BrowserSettings(profile=profile, allowed_domains=["127.0.0.1"]))


async def run_script(script: Script, settings: Settings, url: str, events: EventList) -> str:
    model = ScriptedModel(script)
    request = TaskRequest(task="Tell me who is signed in (I am ada, password lovelace-1815)", url=url)
    result = await run_task(settings, request, RunIO(sink=events), Given(models=Models.same(model)))
    assert result.status == "success", result
    return result.answer or ""


def look_script(answer: str) -> Script:
    return Script(navigator=[lambda p: actions(done(answer))], check=[finish(answer)])


async def test_a_run_with_a_profile_starts_logged_in_where_an_earlier_run_logged_in(
    login_site: LoginSite, home: Path
) -> None:
    events = EventList()
    await run_script(login_script(), settings_for("work"), f"{login_site.url}/login", events)
    [token] = login_site.sessions

    again = look_script("Signed in as Ada Lovelace")
    await run_script(again, settings_for("work"), f"{login_site.url}/account", events)
    assert "Signed in as Ada Lovelace" in again.seen("navigator")[0]

    without = look_script("You are not signed in")
    await run_script(without, settings_for(), f"{login_site.url}/account", events)
    assert "You are not signed in" in without.seen("navigator")[0]

    state = ProfileStore().state_path("work")
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    assert stat.S_IMODE(state.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(state.parent.parent.stat().st_mode) == 0o700
    assert token in state.read_text(), "the profile keeps the login cookie"
    seen = events.dump() + "".join(p for s in (again, without) for _, p in s.prompts)
    assert token not in seen, "a profile's contents never reach an event or a prompt"


async def test_profiles_list_show_and_delete_name_domains_never_values(home: Path) -> None:
    cookie = {"name": "sid", "value": "s3cr3t-value", "domain": ".example.com", "path": "/"}
    ProfileStore().save("shop", {"cookies": [cookie], "origins": []})
    runner = CliRunner()
    listed = runner.invoke(app, ["profiles", "list"])
    assert listed.exit_code == 0 and "shop" in listed.output and "example.com" in listed.output
    shown = runner.invoke(app, ["profiles", "show", "shop"])
    assert shown.exit_code == 0 and "cookies: 1 (example.com)" in shown.output
    assert "s3cr3t-value" not in listed.output + shown.output
    assert runner.invoke(app, ["profiles", "delete", "shop"]).exit_code == 0
    missing = runner.invoke(app, ["profiles", "show", "shop"])
    assert missing.exit_code == 2 and "there is no profile 'shop'" in missing.output


def test_a_bad_profile_name_is_one_line_of_error(home: Path) -> None:
    result = CliRunner().invoke(app, ["run", "look", "--profile", "../etc"])
    assert result.exit_code == 2
    assert "is not a profile name" in result.output and "Traceback" not in result.output


def test_config_show_names_the_browser_profile_apart_from_the_persons_facts(home: Path) -> None:
    shown = CliRunner().invoke(app, ["config", "show"], env={"NAVWRIGHT_PROFILE": "work"})
    assert 'browser.profile = "work"  # env NAVWRIGHT_PROFILE' in shown.output
    assert 'run.profile = ""  # default' in shown.output
