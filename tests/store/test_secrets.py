from __future__ import annotations

import sqlite3
from pathlib import Path

from navwright.agent.events import ActionDone, PlanUpdated, RunFinished, RunStarted, UserAnswered
from navwright.store import RunStore

SECRET = 'hunter2-"quoted"\\path'


def mask(text: str) -> str:
    return text.replace(SECRET, "{{PASSWORD}}")


def _all_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.iterdir() if p.is_file())


def test_a_secret_never_lands_in_the_database_files(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db", mask=mask)
    store.emit(RunStarted(run_id="r", task=f"log in with {SECRET}"))
    store.emit(PlanUpdated(run_id="r", decision="web_step", thought=f"use {SECRET}",
                           detail={"request": "log in", "fields": [{"password": SECRET}]}))  # fmt: skip
    store.emit(ActionDone(run_id="r", step=1, action="type", params={"id": 3, "text": SECRET}, ok=True,
                          result=f"typed {SECRET} into Password"))  # fmt: skip
    store.emit(UserAnswered(run_id="r", answer=SECRET))
    store.emit(RunFinished(run_id="r", status="success", answer=f"done with {SECRET}"))

    files = _all_bytes(tmp_path)  # the db and its WAL before any checkpoint
    store.close()
    files += _all_bytes(tmp_path)
    for form in (SECRET, "hunter2"):
        assert form.encode() not in files
    conn = sqlite3.connect(tmp_path / "runs.db")
    dump = "\n".join(conn.iterdump())
    conn.close()
    assert "hunter2" not in dump
    assert "{{PASSWORD}}" in dump


def test_masked_events_still_read_back(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db", mask=mask)
    store.emit(ActionDone(run_id="r", step=1, action="type", params={"text": SECRET}, ok=True, result="ok"))
    [event] = store.events("r")
    assert isinstance(event, ActionDone) and event.params == {"text": "{{PASSWORD}}"}
    store.close()
