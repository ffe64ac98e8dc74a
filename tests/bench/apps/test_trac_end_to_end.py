"""Trac (the lightest app) end to end: two seeds hold the same data, a server is stopped by its PID also when
the block fails, and the harness runs a task with a scripted model in real Chromium, judged from the
database (a right answer, on the page it starts on, succeeds; a wrong one is oblivious; an action not
done fails)."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from apps_installed import installed
from pydantic import BaseModel

from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, TaskRequest, Tools
from navwright.bench.apps.harness import run_app_tasks
from navwright.bench.apps.registry import load_split, select
from navwright.bench.tasks.report import build_report
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel

CONTENT = {
    "trac": ["ticket", "ticket_change", "wiki", "milestone", "component", "version", "session_attribute"],
    "ihatemoney": ["person", "bill", "billowers"],
}


def _dump(db: Path, tables: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}


@pytest.mark.apps
@pytest.mark.parametrize("name", sorted(CONTENT))
def test_seeding_twice_gives_the_same_data(name: str, tmp_path: Path) -> None:
    app, python = installed(name)
    dumps = []
    for n in (1, 2):
        folder = tmp_path / str(n)
        folder.mkdir()
        app.seed(python, folder)
        dumps.append(_dump(app.database(folder), CONTENT[name]))
    assert dumps[0] == dumps[1] and all(dumps[0][t] for t in CONTENT[name])
    assert dumps[0] == _dump(app.database(app.pristine), CONTENT[name])


@pytest.mark.apps
def test_the_server_is_stopped_when_the_block_fails(tmp_path: Path) -> None:
    app, python = installed("trac")
    with pytest.raises(RuntimeError), app.running(python, tmp_path / "data") as url:
        with urllib.request.urlopen(url + "/ticket/14", timeout=10) as page:
            assert "Storage checksum mismatch" in page.read().decode()
        raise RuntimeError("the agent broke")
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "/", timeout=5)


def answering(answer: str) -> Any:
    """A runner like `navwright.api.run` whose scripted model reads nothing and finishes with `answer`."""

    def reply(messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any] | str:
        if schema is not None and schema.__name__ == "NavigatorReply":
            return {"thought": "read it", "actions": [{"name": "finish", "status": "done", "answer": answer}]}
        return {"decision": {"kind": "finish", "thought": "done", "answer": answer, "evidence": ""}}

    async def runner(task: str, *, url: str, model: str, yes: bool, secrets: dict[str, str],
                     settings: RunSettings) -> RunResult:  # fmt: skip
        settings = settings.model_copy(update={"yes": yes})
        async with BrowserSession(BrowserSettings(allowed_domains=settings.allowed_domains)) as session:
            request = TaskRequest(task=task, url=url, secrets=secrets)
            agent = Agent(request, Models.same(ScriptedModel(reply)), Tools(session), settings=settings)
            return await agent.run()

    return runner


@pytest.mark.apps
async def test_a_trac_task_with_a_scripted_model_is_judged_from_the_database() -> None:
    app, _ = installed("trac")
    split = load_split()
    owner = select([app], split, ids=["trac-owner"])
    lookup = [(a, dataclasses.replace(t, start="/ticket/14")) for a, t in owner]
    action = select([app], split, ids=["trac-close"])
    off = ["read_label"]  # the scripted model's answer is judged, not code's reading of the ticket
    right, _ = await run_app_tasks(lookup, model="scripted", timeout=120, runner=answering("Bence Kovacs"),
                                   without=off)
    wrong, _ = await run_app_tasks(lookup, model="scripted", timeout=120, runner=answering("Emma Liang"),
                                   without=off)
    undone, _ = await run_app_tasks(action, model="scripted", timeout=120, runner=answering("Closed it."))
    assert right[0].success and right[0].site == "trac" and right[0].seconds > 0, right[0].why
    assert not wrong[0].success and wrong[0].failure in {"oblivious", "self_aware"}
    assert not undone[0].success and "not closed as wontfix" in undone[0].why
    figures = build_report(right + wrong + undone, model="scripted", runs=1, notes=[]).per_site["trac"]
    assert figures.tasks == 3 and figures.successes == 1
