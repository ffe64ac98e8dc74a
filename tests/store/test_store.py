from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from navwright.agent.events import Event, RunStarted, ScreenshotTaken, StateChanged
from navwright.store import AmbiguousRunId, RunStore, StoreError, default_db_path
from navwright.store.schema import SCHEMA_VERSION

Scripted = Callable[..., list[Event]]


def test_events_round_trip_in_order(store: RunStore, scripted: Scripted) -> None:
    events = scripted()
    for event in events:
        store.emit(event)
    assert store.events("run-0001") == events


def test_run_row_carries_status_answer_and_totals(store: RunStore, scripted: Scripted) -> None:
    for event in scripted():
        store.emit(event)
    run = store.get_run("run-0001")
    assert run is not None
    assert (run.status, run.answer) == ("success", "Steel Kettle at 19.99")
    assert run.task == "find the cheapest kettle"
    assert (run.model_calls, run.prompt_tokens, run.completion_tokens, run.tokens) == (2, 400, 30, 430)
    assert run.seconds == pytest.approx(2.0)
    assert run.finished == pytest.approx(1_700_000_002.0)
    calls = store.model_calls("run-0001")
    assert [(c.role, c.prompt_tokens) for c in calls] == [("planner", 100), ("navigator", 300)]


def test_list_runs_newest_first_with_limit(store: RunStore, scripted: Scripted) -> None:
    for i in range(3):
        for event in scripted(f"run-{i}", t0=1_700_000_000.0 + i * 100):
            store.emit(event)
    assert [r.id for r in store.list_runs()] == ["run-2", "run-1", "run-0"]
    assert [r.id for r in store.list_runs(limit=2)] == ["run-2", "run-1"]


def test_get_run_accepts_a_unique_prefix(store: RunStore, scripted: Scripted) -> None:
    for rid in ("abc123", "abd456"):
        for event in scripted(rid):
            store.emit(event)
    found = store.get_run("abc")
    assert found is not None and found.id == "abc123"
    assert store.get_run("zzz") is None
    with pytest.raises(AmbiguousRunId, match="matches 2 runs"):
        store.get_run("ab")


def test_database_is_created_on_first_use_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "runs.db"
    store = RunStore(path)
    assert not path.exists()
    store.emit(RunStarted(run_id="r", task="t"))
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"runs", "events", "model_calls", "screenshots"} <= tables
    conn.close()


def test_a_database_from_a_newer_navwright_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="schema version"):
        RunStore(path).list_runs()


def test_default_path_follows_navwright_home_then_the_setting(tmp_path: Path) -> None:
    env = {"NAVWRIGHT_HOME": str(tmp_path / "nw")}
    assert default_db_path(env=env) == tmp_path / "nw" / "runs.db"
    assert default_db_path(tmp_path / "setting", env=env) == tmp_path / "setting" / "runs.db"
    assert default_db_path(env={}).name == "runs.db"


def test_emit_never_raises_when_the_database_cannot_be_opened(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = RunStore(blocker / "runs.db")
    store.emit(RunStarted(run_id="r", task="t"))  # logged, not raised
    with pytest.raises(StoreError, match="cannot open the run database"):
        store.list_runs()


def test_events_before_run_started_still_make_a_run(store: RunStore) -> None:
    store.emit(StateChanged(run_id="late", state="paused"))
    run = store.get_run("late")
    assert run is not None and run.status == "paused"


def test_screenshot_files_are_kept_in_the_run_folder(store: RunStore, tmp_path: Path) -> None:
    shot = tmp_path / "elsewhere.png"
    shot.write_bytes(b"\x89PNG fake")
    store.emit(RunStarted(run_id="r1", task="t"))
    store.emit(ScreenshotTaken(run_id="r1", path=str(shot), caption="the cart"))
    [row] = store.screenshots("r1")
    kept = Path(row.path)
    assert kept.parent == store.path.parent / "screenshots" / "r1"
    assert kept.read_bytes() == b"\x89PNG fake"
    [_, event] = store.events("r1")
    assert isinstance(event, ScreenshotTaken) and event.path == str(kept)


def test_render_run_replays_one_line_per_event(store: RunStore, scripted: Scripted) -> None:
    for event in scripted("abcdef"):
        store.emit(event)
    text = store.render_run("abc")
    lines = text.splitlines()
    assert lines[0].startswith("run abcdef · success · started ")
    assert "   0.0s ▶ find the cheapest kettle  (http://127.0.0.1:8000/)" in lines
    assert any("✓ click id=12 → Navigated to /kettles; 3 products appeared. (42 ms)" in ln for ln in lines)
    assert any("■ success  answer: Steel Kettle at 19.99" in ln for ln in lines)
    # header, one per event, run_finished's totals line, then the timings: a heading, a line per call
    # (two), the totals, the shares of time
    assert len(lines) == 1 + 8 + 1 + 5


def test_render_run_of_an_unknown_id_says_so(store: RunStore) -> None:
    store.emit(RunStarted(run_id="r", task="t"))
    with pytest.raises(StoreError, match="no run with id 'nope'"):
        store.render_run("nope")
