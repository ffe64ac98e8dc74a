"""How each event lands in the tables. Every function runs inside the caller's transaction."""

from __future__ import annotations

import sqlite3
from typing import Any

RunData = dict[str, Any]


def record(conn: sqlite3.Connection, data: RunData, text: str, pid: int, proc: str) -> int:
    """Write one (already masked) event and its effect on the run row; return its sequence number."""
    run_id = str(data["run_id"])
    ts = float(data["ts"])
    kind = str(data["type"])
    if kind == "run_started":
        _start(conn, data, pid, proc)
    else:
        conn.execute(
            "INSERT OR IGNORE INTO runs (id, started, pid, proc) VALUES (?, ?, ?, ?)",
            (run_id, ts, pid, proc),
        )
    handler = _HANDLERS.get(kind)
    if handler is not None:
        handler(conn, data)
    conn.execute(
        "UPDATE runs SET seconds = MAX(seconds, ? - started) WHERE id = ? AND finished IS NULL",
        (ts, run_id),
    )
    seq = int(
        conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE run_id = ?", (run_id,)).fetchone()[0]
    )
    conn.execute(
        "INSERT INTO events (run_id, seq, type, json, ts) VALUES (?, ?, ?, ?, ?)",
        (run_id, seq, kind, text, ts),
    )
    return seq


def _start(conn: sqlite3.Connection, d: RunData, pid: int, proc: str) -> None:
    conn.execute(
        "INSERT INTO runs (id, task, url, status, started, pid, proc) VALUES (?, ?, ?, 'running', ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET task = excluded.task, url = excluded.url, "
        "started = MIN(started, excluded.started), pid = excluded.pid, proc = excluded.proc",
        (d["run_id"], d.get("task", ""), d.get("url"), d["ts"], pid, proc),
    )


def _state(conn: sqlite3.Connection, d: RunData) -> None:
    conn.execute("UPDATE runs SET status = ? WHERE id = ? AND finished IS NULL", (d["state"], d["run_id"]))


def _task(conn: sqlite3.Connection, d: RunData) -> None:
    conn.execute("UPDATE runs SET task = ? WHERE id = ?", (d["task"], d["run_id"]))


def _model(conn: sqlite3.Connection, d: RunData) -> None:
    p, c = int(d["prompt_tokens"]), int(d["completion_tokens"])
    conn.execute(
        "INSERT INTO model_calls (run_id, role, model, prompt_tokens, completion_tokens, seconds, ok, ts) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (d["run_id"], d["role"], d["model"], p, c, float(d["seconds"]), bool(d.get("ok", True)), d["ts"]),
    )
    conn.execute(
        "UPDATE runs SET model_calls = model_calls + 1, prompt_tokens = prompt_tokens + ?, "
        "completion_tokens = completion_tokens + ?, tokens = tokens + ? WHERE id = ?",
        (p, c, p + c, d["run_id"]),
    )


def _screenshot(conn: sqlite3.Connection, d: RunData) -> None:
    conn.execute(
        "INSERT INTO screenshots (run_id, path, caption, ts) VALUES (?, ?, ?, ?)",
        (d["run_id"], d["path"], d.get("caption", ""), d["ts"]),
    )


def _finish(conn: sqlite3.Connection, d: RunData) -> None:
    """The event's totals win when it has them; otherwise the sums of recorded model calls stay."""
    p, c = int(d.get("prompt_tokens", 0)), int(d.get("completion_tokens", 0))
    conn.execute(
        "UPDATE runs SET status = ?, answer = ?, reason = ?, finished = ?, "
        "model_calls = MAX(model_calls, ?), prompt_tokens = MAX(prompt_tokens, ?), "
        "completion_tokens = MAX(completion_tokens, ?), tokens = MAX(tokens, ?), "
        "seconds = CASE WHEN ? > 0 THEN ? ELSE MAX(seconds, ? - started) END WHERE id = ?",
        (
            d["status"],
            d.get("answer", ""),
            str(d.get("error") or ""),
            d["ts"],
            int(d.get("model_calls", 0)),
            p,
            c,
            p + c,
            float(d.get("seconds", 0.0)),
            float(d.get("seconds", 0.0)),
            d["ts"],
            d["run_id"],
        ),
    )


_HANDLERS = {
    "state_changed": _state,
    "task_edited": _task,
    "model_called": _model,
    "screenshot_taken": _screenshot,
    "run_finished": _finish,
}
