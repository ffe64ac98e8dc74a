"""`navwright batch`: fixture tasks through the local process pool and through a local Ray give the
same results; a second run skips what is done; each task has a time limit."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from chat_script_server import ScriptServer
from script import Script, actions, done, finish
from typer.testing import CliRunner

from navwright.api import apply_overrides, run_overrides
from navwright.batch import BatchResult, run_batch
from navwright.cli import app
from navwright.config import Settings

FACT = re.compile(r"Item \d+ costs \d+ coins\.")


def price_script(count: int) -> Script:
    """Answers that read the fact off the prompt, so tasks may interleave across workers."""
    navigator: list[Any] = [lambda p: actions(done(FACT.findall(p)[-1]))] * count
    check: list[Any] = [lambda p: finish(FACT.findall(p)[-1])] * count
    return Script(navigator=navigator, check=check)


def write_tasks(path: Path, items: str) -> Path:
    lines = [
        {"id": "one", "task": "What does item 1 cost?", "url": f"{items}/item-1"},
        {"id": "two", "task": "What does item 2 cost?", "url": f"{items}/item-2"},
        {"task": "What does item 3 cost?", "url": f"{items}/item-3", "options": {"max_steps": 2}},
        {"id": "slow", "task": "What does item 1 cost?", "url": f"{items}/item-1",
         "options": {"timeout_s": 0.001}},
    ]  # fmt: skip
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def outcomes(out: Path) -> dict[str, tuple[str, str]]:
    lines = (out / "results.jsonl").read_text().splitlines()
    return {r.id: (r.status, r.answer) for r in (BatchResult.model_validate_json(x) for x in lines)}


EXPECTED = {
    "one": ("success", "Item 1 costs 10 coins."),
    "two": ("success", "Item 2 costs 25 coins."),
    "line-3": ("success", "Item 3 costs 7 coins."),
    "slow": ("timeout", ""),
}


async def test_a_batch_gives_the_same_results_in_a_process_pool_and_on_local_ray(
    items: str, tmp_path: Path
) -> None:
    import ray

    tasks = write_tasks(tmp_path / "tasks.jsonl", items)
    with ScriptServer(price_script(12)) as model:
        settings = apply_overrides(Settings(), run_overrides(model=model.spec))
        seen: list[str] = []
        pool = await run_batch(tasks, tmp_path / "pool", settings, workers=2,
                               on_result=lambda r: seen.append(r.id))  # fmt: skip
        assert outcomes(tmp_path / "pool") == EXPECTED
        assert sorted(seen) == sorted(EXPECTED) and pool.statuses == {"success": 3, "timeout": 1}
        if not ray.is_initialized():
            path = os.pathsep.join(p for p in sys.path if p)
            ray.init(num_cpus=2, log_to_driver=False, include_dashboard=False,
                     runtime_env={"env_vars": {"PYTHONPATH": path}})  # fmt: skip
        try:
            await run_batch(tasks, tmp_path / "ray", settings, workers=2, ray="local")
        finally:
            ray.shutdown()
        assert outcomes(tmp_path / "ray") == EXPECTED

        again = await run_batch(tasks, tmp_path / "pool", settings, workers=2)
    assert again.skipped == 4 and again.ran == 0 and again.statuses == {"success": 3, "timeout": 1}


def test_the_batch_command_prints_a_line_per_task_and_a_summary(items: str, tmp_path: Path) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", items)
    with ScriptServer(price_script(6)) as model:
        env = {"NAVWRIGHT_CONFIG": str(tmp_path / "none.toml")}
        (tmp_path / "none.toml").write_text("")
        result = CliRunner().invoke(app, ["batch", str(tasks), "--out", str(tmp_path / "out"), "--model",
                                          model.spec], env=env)  # fmt: skip
    assert result.exit_code == 1, result.output  # one task ran out of time
    assert "one\tsuccess\t" in result.output and "slow\ttimeout\t" in result.output
    assert "4 tasks: 3 success, 1 timeout;" in result.output


def test_a_bad_task_line_is_one_line_of_error_naming_it(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text('{"task": "a"}\n{"task": "b", "options": {"max_step": 2}}\n')
    result = CliRunner().invoke(app, ["batch", str(tasks), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert f"{tasks}:2: options.max_step: Extra inputs are not permitted" in result.output
