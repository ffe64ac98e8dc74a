"""A run database SQLite cannot use (random bytes; a page of garbage inside a real one): the commands
that read it say in words that it is damaged and how to recover, and a run still goes on."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from navwright.agent.events import Event
from navwright.cli import app
from navwright.memory import MemoryStore
from navwright.store import RunStore, StoreDamaged, usable_store


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


ScriptedRun = Callable[..., list[Event]]
Damage = Callable[[Path, ScriptedRun], None]


def random_bytes(db: Path, scripted: ScriptedRun) -> None:
    db.write_bytes(random.Random(7).randbytes(40_000))


def garbage_inside(db: Path, scripted: ScriptedRun) -> None:
    with RunStore(db) as store:
        for n in range(40):
            for event in scripted(f"run-{n:04d}"):
                store.emit(event)
    with MemoryStore(db) as memory:
        memory.steps()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    data = bytearray(db.read_bytes())
    data[8192:12288] = random.Random(8).randbytes(4096)
    db.write_bytes(bytes(data))


DAMAGES: list[Damage] = [random_bytes, garbage_inside]


@pytest.mark.parametrize("damage", DAMAGES)
def test_memory_list_says_the_store_is_damaged_and_how_to_recover(
    home: Path, damage: Damage, scripted: ScriptedRun
) -> None:
    db = home / "runs.db"
    damage(db, scripted)
    result = CliRunner().invoke(app, ["memory", "list"])
    assert result.exit_code == 2, result.output
    assert f"the run database {db} is damaged" in result.output
    assert f"move it aside (mv '{db}' '{db}.damaged')" in result.output
    assert "DatabaseError" not in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("damage", DAMAGES)
def test_the_runs_listing_says_it_in_words_too(
    home: Path, damage: Damage, scripted: ScriptedRun
) -> None:
    db = home / "runs.db"
    damage(db, scripted)
    result = CliRunner().invoke(app, ["runs"])
    assert result.exit_code == 1 and "is damaged" in result.output and "move it aside" in result.output


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_store_is_found_before_a_run_and_a_sound_one_is_used(
    home: Path, damage: Damage, scripted: ScriptedRun
) -> None:
    with usable_store(home / "fine.db") as (store, problem):
        assert store is not None and problem == ""
    db = home / "runs.db"
    damage(db, scripted)
    with usable_store(db) as (store, problem):
        assert store is None and "is damaged" in problem and "move it aside" in problem
    with pytest.raises(StoreDamaged), RunStore(db) as broken:
        broken.check()
    assert os.path.getsize(db) > 0  # nothing is deleted: the person decides
