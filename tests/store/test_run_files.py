"""The store's reason column (why a run that did not succeed ended), and a run's screenshot files:
moved under the store's folder with the run (its temporary folder removed), deleted with it."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from navwright.agent.events import Event, RunFinished, RunStarted, ScreenshotTaken
from navwright.store import RunStore, StoreError
from navwright.store.schema import _V1, _V2

ScriptedRun = Callable[..., list[Event]]
T0 = 1_700_000_000.0


def test_a_failed_run_keeps_its_reason_and_an_interrupted_one_says_why(store: RunStore) -> None:
    store.emit(RunStarted(run_id="f", task="t", ts=T0))
    store.emit(RunFinished(run_id="f", status="failed", error="the model server did not answer", ts=T0 + 2))
    store.emit(RunStarted(run_id="ok", task="t", ts=T0))
    store.emit(RunFinished(run_id="ok", status="success", answer="42", ts=T0 + 1))
    store.emit(RunStarted(run_id="dead", task="t", ts=T0))
    with store._using() as conn:
        conn.execute("UPDATE runs SET pid = 999999999, proc = '' WHERE id = 'dead'")
    reasons = {r.id: r.reason for r in store.list_runs()}
    assert reasons["f"] == "the model server did not answer" and reasons["ok"] == ""
    assert reasons["dead"] == "the process that ran it stopped before the run finished"


def test_a_database_of_the_last_version_gains_the_reason_column(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(_V1 + _V2 + "PRAGMA user_version=2;")
    conn.execute("INSERT INTO runs (id, task, status, started, finished) VALUES ('old', 't', 'failed', 1, 2)")
    conn.close()
    with RunStore(path) as store:
        [old] = store.list_runs()
        assert old.id == "old" and old.reason == ""
        store.emit(RunStarted(run_id="new", task="t", ts=T0))
        store.emit(RunFinished(run_id="new", status="failed", error="why", ts=T0 + 1))
        assert store.get_run("new").reason == "why"  # type: ignore[union-attr]


def shot(run_id: str, folder: Path, name: str = "step-01.png") -> ScreenshotTaken:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(b"\x89PNG fake")
    return ScreenshotTaken(run_id=run_id, path=str(folder / name), caption="after step 1", ts=T0 + 1)


def test_a_screenshot_moves_under_the_store_and_its_temp_folder_goes(
    store: RunStore, scripted: ScriptedRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    for event in scripted("run-a")[:-1]:
        store.emit(event)
    temp = tmp_path / "tmp" / "navwright-run-a-x1y2"
    store.emit(shot("run-a", temp))
    store.emit(shot("run-a", temp, "step-02.png"))
    [first, second] = store.screenshots("run-a")
    home = store.path.parent / "screenshots" / "run-a"
    assert Path(first.path) == home / "step-01.png" and Path(second.path) == home / "step-02.png"
    assert Path(first.path).read_bytes() == b"\x89PNG fake" and not temp.exists()
    assert str(home) in store.events("run-a")[-1].model_dump_json()  # the event names where it is now


def test_deleting_and_pruning_runs_removes_their_rows_and_files(
    store: RunStore, scripted: ScriptedRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    for run_id, t0 in (("old-run", T0), ("new-run", T0 + 86_400 * 10)):
        events = scripted(run_id, t0)
        for event in events[:-1]:
            store.emit(event)
        store.emit(shot(run_id, tmp_path / "tmp" / f"navwright-{run_id}-abc"))
        store.emit(events[-1])
    (tmp_path / "tmp" / "navwright-old-run-left").mkdir()  # left behind by an earlier navwright
    store.emit(RunStarted(run_id="going", task="t", ts=T0))  # this process is alive: still running
    with pytest.raises(StoreError, match="still running"):
        store.delete_run("going")
    gone = store.prune(86_400 * 5, now=T0 + 86_400 * 11)
    assert [r.id for r in gone] == ["old-run"]
    assert not (store.path.parent / "screenshots" / "old-run").exists()
    assert not (tmp_path / "tmp" / "navwright-old-run-left").exists()
    assert store.events("old-run") == [] and store.screenshots("old-run") == []
    assert store.model_calls("old-run") == []
    assert store.get_run("going") is not None and (store.path.parent / "screenshots" / "new-run").is_dir()
    assert store.delete_run("new").id == "new-run" and store.get_run("new-run") is None
    with pytest.raises(StoreError, match="no run with id"):
        store.delete_run("new-run")
