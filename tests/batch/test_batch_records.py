"""`navwright batch`: an --out that cannot hold the results is refused before any task runs, and every
batch run is recorded in the run store like any other run (events, screenshots, verdict; a task past
its time limit as failed, with the reason)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from chat_script_server import ScriptServer
from script import Script, actions, done, finish
from typer.testing import CliRunner

from navwright.api import apply_overrides, run_overrides
from navwright.batch import run_batch
from navwright.cli import app
from navwright.config import Settings
from navwright.store import RunStore

FACT = re.compile(r"Item \d+ costs \d+ coins\.")


def write_tasks(path: Path, items: str) -> Path:
    lines = [{"id": "one", "task": "What does item 1 cost?", "url": f"{items}/item-1"},
             {"id": "slow", "task": "What does item 2 cost?", "url": f"{items}/item-2",
              "options": {"timeout_s": 6}}]  # fmt: skip
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def script() -> Script:
    def answer(prompt: str) -> dict[str, Any]:
        if "Item 2 costs" in prompt:
            time.sleep(30)  # the slow task's model never answers in time
        return actions(done(FACT.findall(prompt)[-1]))

    return Script(navigator=[answer, answer], check=[lambda p: finish(FACT.findall(p)[-1])])


def test_an_out_that_is_a_file_is_refused_before_any_task_runs(items: str, tmp_path: Path) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", items)
    taken = tmp_path / "results-file"
    taken.write_text("keep me\n")
    with ScriptServer(script()) as model:
        result = CliRunner().invoke(app, ["batch", str(tasks), "--out", str(taken), "--model", model.spec])
        asked = len(model.requests)
    assert result.exit_code == 2 and f"--out {taken} is a file; give a folder" in result.output
    assert asked == 0 and taken.read_text() == "keep me\n" and "Traceback" not in result.output


async def test_batch_runs_are_recorded_with_events_screenshots_and_verdict(
    items: str, tmp_path: Path, home: Path
) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", items)
    with ScriptServer(script()) as model:
        settings = apply_overrides(Settings(), run_overrides(model=model.spec))
        await run_batch(tasks, tmp_path / "out", settings, workers=1)
    lines = [json.loads(x) for x in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    results = {r["id"]: r for r in lines}
    with RunStore(home / "runs.db") as store:
        one = store.get_run(results["one"]["run_id"])
        assert one is not None and one.finished is not None and one.answer == "Item 1 costs 10 coins."
        kinds = [e.type for e in store.events(one.id)]
        assert kinds[0] == "run_started" and kinds[-1] == "run_finished" and "step_finished" in kinds
        shots = store.screenshots(one.id)
        assert shots and all(Path(s.path).parent == home / "screenshots" / one.id for s in shots)
        slow = store.get_run(results["slow"]["run_id"])
        assert results["slow"]["status"] == "timeout" and slow is not None
        assert slow.status == "failed"
        assert slow.reason.startswith("the task took longer than its limit of 6 s")
    shown = CliRunner().invoke(app, ["runs", "show", one.id])
    assert shown.exit_code == 0 and "What does item 1 cost?" in shown.output
