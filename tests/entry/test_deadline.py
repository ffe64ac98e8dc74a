"""The whole-run deadline (`--timeout`, `run.timeout_s`, `timeout_s=` in the API): a run past it ends
as failed in words saying what it had done, and is recorded so; the person's answering time is not
counted. The model stand-in answers the second navigator call only after 60 s."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from agent_support import EventList
from chat_script_server import ScriptServer
from script import Script, actions, done, eid
from typer.testing import CliRunner

from navwright import api
from navwright.build import RunIO
from navwright.cli import app
from navwright.deadline import Deadline
from navwright.store import RunStore


def stuck_script() -> Script:
    """Clicks "Item 2", then the model takes 60 s to answer."""

    def stuck(prompt: str) -> dict[str, Any]:
        time.sleep(60)
        return actions(done("Item 2 costs 25 coins."))

    click = lambda p: actions({"name": "click", "element": eid(p, "Item 2")})  # noqa: E731
    return Script(navigator=[click, stuck])


def test_a_run_past_its_timeout_ends_failed_in_words_saying_what_it_had_done(
    items: str, home: Path
) -> None:
    with ScriptServer(stuck_script()) as model:
        started = time.monotonic()
        args = ["--url", f"{items}/item-1", "--model", model.spec, "--timeout", "15", "--json"]
        result = CliRunner().invoke(app, ["run", "What does item 2 cost?", *args])
        took = time.monotonic() - started
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["status"] == "failed" and took < 50, (took, data)
    error = data["error"]
    assert error.startswith("the run took longer than its limit of 15 s (--timeout, run.timeout_s)"), error
    assert "finished no steps, done 1 action and made" in error
    assert f"the last page was {items}/item-2" in error
    with RunStore(home / "runs.db") as store:
        [row] = store.list_runs()
        assert row.status == "failed" and row.reason == error and row.finished is not None
        assert store.events(row.id)[-1].type == "run_finished"


def test_a_timeout_that_is_no_positive_number_is_refused_in_words(tmp_path: Path) -> None:
    for bad in ("0", "nan", "inf"):
        result = CliRunner().invoke(app, ["run", "What does item 2 cost?", "--timeout", bad])
        assert result.exit_code == 2 and "--timeout must be more than 0 seconds" in result.output
    config = tmp_path / "bad.toml"
    config.write_text("[run]\ntimeout_s = -5\n")
    result = CliRunner().invoke(app, ["run", "What does item 2 cost?", "--config", str(config)])
    assert result.exit_code == 2 and "[run] timeout_s: Input should be greater than 0" in result.output


async def test_the_api_takes_the_timeout_and_the_config_file_sets_it(items: str, tmp_path: Path) -> None:
    with ScriptServer(stuck_script()) as model:
        events = EventList()
        result = await api.run("What does item 2 cost?", url=f"{items}/item-1", model=model.spec, timeout_s=3,
                               io=RunIO(sink=events))  # fmt: skip
        assert result.status == "failed" and "limit of 3 s" in (result.error or "")
        finished = events.of("run_finished")[-1]
        assert result.run_id and finished.error == result.error  # type: ignore[attr-defined]
    config = tmp_path / "config.toml"
    config.write_text("[run]\ntimeout_s = 3\n")
    with ScriptServer(stuck_script()) as model:
        task, url = "What does item 2 cost?", f"{items}/item-1"
        result = await api.run(task, url=url, model=model.spec, config=config)
    assert result.status == "failed" and "limit of 3 s" in (result.error or "")


async def test_the_time_the_person_takes_to_answer_does_not_count() -> None:
    class SlowPerson:
        async def ask(self, question: str, kind: str) -> str | None:
            await asyncio.sleep(0.6)
            return "yes"

    deadline = Deadline(0.4)
    person = deadline.user(SlowPerson())
    assert person is not None

    async def work() -> str:
        answer = await person.ask("Pay?", "confirm")
        await asyncio.sleep(0.1)
        return answer or ""

    assert await deadline.run(work()) == "yes"
