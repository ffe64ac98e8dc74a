"""One fence for every way into the browser: `run`, `serve`, `batch` and `teach` keep a run (or a
person) inside the allowed domains, whether the fence comes from the command line, the API request or
the config (NAVWRIGHT_ALLOW_DOMAINS). The run starts on a page whose link redirects twice to the other
host (127.0.0.2); the site's log shows the link was followed, the other host's log shows it got
nothing. (`navwright mcp` has its own: tests/mcp/test_mcp_fence.py.)"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest
import typer
from chat_script_server import ScriptServer
from hostile_support import Server
from script import Script, actions, done, finish, give_up
from server_support import LiveServer, ModelBook, wait_until
from typer.testing import CliRunner

from navwright.api import apply_overrides, run_overrides
from navwright.cli import app
from navwright.config import Settings
from navwright.models.scripted import ScriptedModel

TASK = "What are the weekly deals?"
ENDED_NOT = ("queued", "starting", "running", "paused")


def deals_script() -> Script:
    """The navigator clicks "Weekly deals" (a link that redirects twice, to the other host)."""
    click = lambda p: actions({"name": "click", "element": ref(p, "Weekly deals")})  # noqa: E731
    return Script(navigator=[click, actions(done("no deals"))] * 2,
                  planner=[give_up("the deals are elsewhere")] * 4, check=[finish("no deals")] * 4)


def ref(prompt: str, label: str) -> str:
    """`label #id` of the element the page shows with `label` (in a field line or a list of links)."""
    found = re.findall(r"\[([^\]]+)\][^\[\n]*?" + re.escape(label), prompt)
    assert found, f"no {label!r} in the prompt"
    return f"{label} #{found[-1]}"


def assert_fenced(site: Server, other: Server) -> None:
    assert site.got("/hop2"), "the link was followed (to the redirect inside the site)"
    assert other.log == [], [r.path for r in other.log]


def test_navwright_run_with_allow_domain(site: Server, other: Server, home: Path) -> None:
    with ScriptServer(deals_script()) as model:
        CliRunner().invoke(app, ["run", TASK, "--url", f"{site.origin}/redirect.html", "--model", model.spec,
                                 "--allow-domain", "127.0.0.1"])  # fmt: skip
    assert_fenced(site, other)


def test_navwright_batch_with_the_fence_in_the_environment(
    site: Server, other: Server, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAVWRIGHT_ALLOW_DOMAINS", "127.0.0.1")
    tasks = home / "tasks.jsonl"
    tasks.write_text(f'{{"id": "deals", "task": "{TASK}", "url": "{site.origin}/redirect.html"}}\n')
    with ScriptServer(deals_script()) as model:
        out = str(home / "out")
        done_ = CliRunner().invoke(app, ["batch", str(tasks), "--out", out, "--model", model.spec])
    assert "deals\t" in done_.output, done_.output
    assert_fenced(site, other)


def test_navwright_serve_with_allowed_domains_in_the_request(site: Server, other: Server, home: Path) -> None:
    book: ModelBook = {"deals": lambda: ScriptedModel(deals_script())}
    settings = apply_overrides(Settings(), run_overrides(model="openai:deals"))  # the server's own model
    server = LiveServer(home / "runs.db", book, settings=settings).start()
    try:
        with server.client() as client:
            body = {"task": TASK, "url": f"{site.origin}/redirect.html", "allowed_domains": ["127.0.0.1"]}
            started = client.post("/runs", json=body)
            assert started.status_code == 201, started.text
            run_id = started.json()["id"]
            wait_until(client, run_id, lambda run: run["status"] not in ENDED_NOT, timeout=90)
    finally:
        server.stop()
    assert_fenced(site, other)


def test_navwright_teach_with_the_fence_in_the_environment(
    site: Server, other: Server, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from navwright.cli.teach import _recorded, teach_browser

    monkeypatch.setenv("NAVWRIGHT_ALLOW_DOMAINS", "127.0.0.1")
    monkeypatch.setattr(sys, "stdin", _Enter())
    browser = teach_browser(None).model_copy(update={"headless": True})  # no display in the tests
    for start in (f"{other.origin}/direct", f"{site.origin}/r3"):
        with pytest.raises(typer.Exit):
            asyncio.run(_recorded(browser, start))
    assert site.got("/r1") and other.log == [], [r.path for r in other.log]


class _Enter:
    """A terminal where the person pressed Enter at once."""

    def readline(self) -> str:
        return "\n"


def test_the_runs_and_the_browsers_allowed_domains_are_one_fence() -> None:
    from navwright.agent.settings import RunSettings
    from navwright.browser.chromium import BrowserSettings

    by_run = Settings(run=RunSettings(allowed_domains=["127.0.0.1"]))
    by_browser = Settings(browser=BrowserSettings(allowed_domains=["example.com"]))
    both = Settings(run=RunSettings(allowed_domains=["a.example"]),
                    browser=BrowserSettings(allowed_domains=["b.example"]))  # fmt: skip
    assert by_run.browser.allowed_domains == ["127.0.0.1"]
    assert by_browser.run.allowed_domains == ["example.com"]
    assert both.browser.allowed_domains == both.run.allowed_domains == ["a.example"]
