from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from navwright.agent.events import ActionDone, RunFinished, RunStarted, StateChanged
from navwright.store import RunStore
from navwright.store.liveness import is_alive, process_token

WRITER = textwrap.dedent(
    """
    import sys, time
    from navwright.agent.events import ActionDone, RunStarted, StepStarted
    from navwright.store import RunStore

    store = RunStore(sys.argv[1])
    store.emit(RunStarted(run_id="killed", task="a task that never ends"))
    store.emit(StepStarted(run_id="killed", step=1, request="open the page"))
    for i in range(50):
        store.emit(ActionDone(run_id="killed", step=1, action="scroll", ok=True, result=f"scrolled {i}"))
    print("ready", flush=True)
    while True:
        store.emit(ActionDone(run_id="killed", step=1, action="scroll", ok=True, result="more"))
    """
)


def test_a_run_killed_mid_run_leaves_a_consistent_db_and_shows_interrupted(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with RunStore(db) as store:
        [run] = store.list_runs()
        assert (run.id, run.status, run.pid) == ("killed", "interrupted", proc.pid)
        events = store.events("killed")
        assert len(events) >= 52
        assert [e.type for e in events[:2]] == ["run_started", "step_started"]
        assert "interrupted" in store.render_run("killed").splitlines()[0]


def test_a_run_from_another_boot_shows_interrupted(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    with RunStore(db) as store:
        store.emit(RunStarted(run_id="old", task="t"))
    conn = sqlite3.connect(db)
    conn.execute("UPDATE runs SET proc = 'another-boot-id:12345' WHERE id = 'old'")
    conn.commit()
    conn.close()
    with RunStore(db) as store:
        run = store.get_run("old")
        assert run is not None and run.status == "interrupted"


def test_a_live_run_shows_its_state_and_a_finished_run_its_outcome(tmp_path: Path) -> None:
    with RunStore(tmp_path / "runs.db") as store:
        store.emit(RunStarted(run_id="live", task="t"))
        store.emit(StateChanged(run_id="live", state="waiting_for_user"))
        store.emit(RunStarted(run_id="done", task="t"))
        store.emit(ActionDone(run_id="done", step=1, action="click", ok=False, result="element 3 is gone"))
        store.emit(RunFinished(run_id="done", status="failed", answer="could not click"))
        assert {r.id: r.status for r in store.list_runs()} == {"live": "waiting_for_user", "done": "failed"}


def test_liveness_tells_this_process_from_a_reused_or_dead_pid() -> None:
    me = os.getpid()
    token = process_token(me)
    assert is_alive(me, token)
    assert not is_alive(me, token + "0")  # same pid, another process start: a reused pid
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait(timeout=10)
    assert not is_alive(dead.pid, token)
    assert not is_alive(None, "")
