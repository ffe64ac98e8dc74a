"""The suite harness end to end with a scripted model: a row per task judged by the task's check only;
a wrong answer given with status success counts as oblivious; agent errors and timeouts become rows."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, TaskRequest, Tools
from navwright.bench.tasks.harness import run_tasks
from navwright.bench.tasks.registry import SITE_MODULES, load_suite, select
from navwright.bench.tasks.report import build_report, write_report
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel


def answering(answer: str) -> Any:
    """A runner like `navwright.api.run` whose model reads nothing and finishes with `answer`."""

    def reply(messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any] | str:
        name = schema.__name__ if schema else ""
        if name == "NavigatorReply":
            return {"thought": "read it", "actions": [{"name": "finish", "status": "done", "answer": answer}]}
        if name == "VerifyReply":  # the verdict's check call passes both: the check of the task judges
            return {"shows": "yes"}
        return {"decision": {"kind": "finish", "thought": "done", "answer": answer, "evidence": ""}}

    async def runner(task: str, *, url: str, model: str, yes: bool, secrets: dict[str, str],
                     settings: RunSettings) -> RunResult:  # fmt: skip
        scripted = ScriptedModel(reply)
        settings = settings.model_copy(update={"yes": yes})
        async with BrowserSession(BrowserSettings(allowed_domains=settings.allowed_domains)) as session:
            agent = Agent(
                TaskRequest(task=task, url=url, secrets=secrets), Models.same(scripted), Tools(session),
                settings=settings,
            )  # fmt: skip
            return await agent.run()

    return runner


async def test_a_right_and_a_wrong_scripted_answer_on_a_lookup_task(tmp_path: Path) -> None:
    chosen = select(load_suite(["shop"]), ids=["shop-backpack-price"])
    right = await run_tasks(chosen, model="scripted", timeout=60, runner=answering("It costs $129.00."))
    wrong = await run_tasks(chosen, model="scripted", timeout=60, runner=answering("It costs $289.00."))
    assert right[0].success and right[0].status == "success" and right[0].failure == ""
    assert right[0].model_calls >= 1 and right[0].seconds > 0
    assert not wrong[0].success and wrong[0].status == "success" and wrong[0].failure == "oblivious"
    report = build_report(right + wrong, model="scripted", runs=1, notes=[])
    assert report.overall.successes == 1 and report.overall.oblivious == 1
    assert report.overall.self_aware_share == 0.0 and report.per_kind["lookup"].tasks == 2
    write_report(report, tmp_path)
    assert "shop-backpack-price" in (tmp_path / "report.md").read_text()
    assert (tmp_path / "report.json").exists()


async def test_agent_errors_and_timeouts_become_failed_rows() -> None:
    chosen = select(load_suite(["shop"]), ids=["shop-backpack-price"])

    async def broken(task: str, **kw: Any) -> RunResult:
        raise RuntimeError("the browser died")

    async def slow(task: str, **kw: Any) -> RunResult:
        await asyncio.sleep(5)
        return RunResult(status="success", answer="$129.00")

    errored = await run_tasks(chosen, model="m", timeout=5, runner=broken)
    timed = await run_tasks(chosen, model="m", timeout=0.2, runner=slow)
    assert errored[0].failure == "error" and "the browser died" in errored[0].why
    assert timed[0].failure == "timeout" and timed[0].status == "timeout"
    figures = build_report(errored + timed, model="m", runs=1, notes=[]).overall
    assert figures.timeouts == 1 and figures.errors == 1 and figures.self_aware == 1


def test_missing_site_modules_are_skipped_with_a_note() -> None:
    suite = load_suite([*SITE_MODULES, "no_such_site"])
    assert {"shop", "flights"} <= {s.name for s in suite.sites}
    assert any("no_such_site" in note for note in suite.notes)
    ids = [t.id for _, t in suite.tasks()]
    assert len(ids) == len(set(ids)), "task ids are unique"
    assert len(select(suite, site="flights", kind="action")) == 3


def test_the_tasks_command_lists_the_suite_and_refuses_unknown_ids() -> None:
    from typer.testing import CliRunner

    from navwright.cli import app

    listed = CliRunner().invoke(app, ["bench", "tasks", "--list", "--site", "flights"])
    assert listed.exit_code == 0, listed.output
    assert "flights-book-two" in listed.output and "shop-order-parka" not in listed.output
    unknown = CliRunner().invoke(app, ["bench", "tasks", "--tasks", "shop-nope"])
    assert unknown.exit_code != 0 and "unknown task ids: shop-nope" in unknown.output


class _SlowModel:
    """A model that answers its first two calls (the reader's, then a click on the first link) and
    never answers the third."""

    name = "slow"

    def __init__(self) -> None:
        from navwright.models.base import ModelStats

        self.stats = ModelStats()

    async def complete(self, messages: list[Message], schema: type[BaseModel] | None = None, *,
                       max_tokens: int = 512, temperature: float = 0.0) -> Any:  # fmt: skip
        from navwright.models.base import Completion

        if self.stats.calls >= 2:
            await asyncio.sleep(3600)
        name = schema.__name__ if schema else ""
        link = re.search(r'\[(\d+)\] link "([^"]+)"', messages[-1].content)
        click = {"name": "click", "element": f"{link.group(2)} #{link.group(1)}"} if link else {}
        content = json.dumps({"ReaderReply": {"kind": "action", "answer": ""},
                              "NavigatorReply": {"actions": [click]}}.get(
            name, {"decision": {"kind": "web_step", "thought": "go", "site": "", "request": "look"}}))
        completion = Completion(content=content)
        self.stats.add(completion)
        return completion


async def test_a_timed_out_row_still_counts_the_model_calls_it_made() -> None:
    from navwright.bench.tasks.harness import SharedModels
    from navwright.build import Models

    chosen = select(load_suite(["shop"]), ids=["shop-backpack-price"])
    shared = SharedModels()
    slow = _SlowModel()
    shared.models = Models(slow, slow, None)  # type: ignore[arg-type]
    rows = await run_tasks(chosen, model="embedded", timeout=30, runner=shared)
    assert rows[0].status == "timeout" and rows[0].model_calls == 2, rows[0]


def test_the_report_counts_why_answers_were_left_unverified(tmp_path: Path) -> None:
    from navwright.bench.tasks.harness import TaskRow

    rows = [TaskRow(id="a", site="s", kind="lookup", success=True, status="unverified",
                    unconfirmed=["model_check"]),
            TaskRow(id="b", site="s", kind="lookup", success=False, status="unverified",
                    unconfirmed=["model_check", "not_chrome"]),
            TaskRow(id="c", site="s", kind="lookup", success=True, status="success")]
    report = build_report(rows, model="scripted", runs=1, notes=[])
    assert report.overall.precision == 1.0 and report.overall.oblivious == 0
    write_report(report, tmp_path)
    text = (tmp_path / "report.md").read_text()
    assert "| model_check | 2 | 1 |" in text and "| not_chrome | 1 | 0 |" in text
