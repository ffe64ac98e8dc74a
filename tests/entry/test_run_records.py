"""`navwright run` and its record: a run database that cannot be used does not stop a run (it says the
run is not recorded, and how to recover); a recorded run's screenshots live under the store's folder,
none is left in the system temp folder, and `runs delete` / `runs prune` remove them with the run."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from chat_script_server import ScriptServer
from click.testing import Result
from script import Script, actions, done, finish
from typer.testing import CliRunner

from navwright.cli import app
from navwright.store import RunStore

FACT = re.compile(r"Item \d+ costs \d+ coins\.")


def price_script() -> Script:
    navigator: list[Any] = [lambda p: actions(done(FACT.findall(p)[-1]))]
    return Script(navigator=navigator, check=[lambda p: finish(FACT.findall(p)[-1])])


def run_once(items: str) -> tuple[Result, dict[str, Any]]:
    with ScriptServer(price_script()) as model:
        result = CliRunner().invoke(app, ["run", "What does item 1 cost?", "--url", f"{items}/item-1",
                                          "--model", model.spec, "--json"])  # fmt: skip
    return result, json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("garbage_at", [0, 8192])
def test_a_run_goes_on_when_the_run_database_is_damaged_and_says_it_is_not_recorded(
    items: str, home: Path, garbage_at: int
) -> None:
    home.mkdir(parents=True)
    db = home / "runs.db"
    if garbage_at:
        run_once(items)  # a real database with a run in it
        for suffix in ("-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
    data = bytearray(db.read_bytes() if db.exists() else b"\0" * 20_000)
    data[garbage_at : garbage_at + 4096] = random.Random(3).randbytes(4096)
    db.write_bytes(bytes(data))
    result, out = run_once(items)
    assert out["answer"] == "Item 1 costs 10 coins.", result.output  # the run went on to its answer
    assert f"this run will not be recorded: the run database {db} is damaged" in result.stderr
    assert "move it aside" in result.stderr and "unexpected" not in result.output


def test_screenshots_live_with_the_run_and_go_when_it_is_deleted(items: str, home: Path, temp: Path) -> None:
    first, second = run_once(items)[1]["run_id"], run_once(items)[1]["run_id"]
    assert not [p for p in temp.iterdir() if p.name.startswith("navwright-")]  # nothing left in temp
    with RunStore(home / "runs.db") as store:
        shots = [Path(s.path) for s in store.screenshots(first)]
    assert shots and all(s.is_file() and s.parent == home / "screenshots" / first for s in shots)
    runner = CliRunner()
    deleted = runner.invoke(app, ["runs", "delete", first[:8]])
    assert deleted.exit_code == 0 and f"deleted run {first}" in deleted.output
    assert not (home / "screenshots" / first).exists() and (home / "screenshots" / second).is_dir()
    assert "no run with id" in runner.invoke(app, ["runs", "show", first]).output
    assert runner.invoke(app, ["runs", "delete", first]).exit_code == 1
    kept = runner.invoke(app, ["runs", "prune", "--older-than", "1d"])
    assert kept.exit_code == 0 and "no run is that old" in kept.output
    pruned = runner.invoke(app, ["runs", "prune", "--older-than", "0s"])
    assert pruned.exit_code == 0 and f"deleted run {second}" in pruned.output
    assert not (home / "screenshots" / second).exists()
    with RunStore(home / "runs.db") as store:
        assert store.list_runs() == [] and store.screenshots(second) == []
    bad = runner.invoke(app, ["runs", "prune", "--older-than", "soon"])
    assert bad.exit_code == 2 and "--older-than takes an age such as 30d" in bad.output
