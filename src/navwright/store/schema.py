"""The store's tables, versioned with `PRAGMA user_version` and created on first use."""

from __future__ import annotations

import sqlite3

from navwright.store.rows import StoreError

SCHEMA_VERSION = 3

_V1 = """
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    task TEXT NOT NULL DEFAULT '',
    url TEXT,
    status TEXT NOT NULL DEFAULT 'running',
    answer TEXT NOT NULL DEFAULT '',
    started REAL NOT NULL,
    finished REAL,
    model_calls INTEGER NOT NULL DEFAULT 0,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    tokens INTEGER NOT NULL DEFAULT 0,
    seconds REAL NOT NULL DEFAULT 0,
    pid INTEGER,
    proc TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS runs_started ON runs(started);
CREATE TABLE IF NOT EXISTS events (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    json TEXT NOT NULL,
    ts REAL NOT NULL,
    PRIMARY KEY (run_id, seq)
);
CREATE TABLE IF NOT EXISTS model_calls (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    model TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    seconds REAL NOT NULL,
    ok INTEGER NOT NULL DEFAULT 1,
    ts REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS model_calls_run ON model_calls(run_id);
CREATE TABLE IF NOT EXISTS screenshots (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    caption TEXT NOT NULL DEFAULT '',
    ts REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS screenshots_run ON screenshots(run_id);
"""

_V2 = """
CREATE TABLE IF NOT EXISTS memory_steps (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    run_id TEXT NOT NULL DEFAULT '',
    request TEXT NOT NULL,
    json TEXT NOT NULL,
    ts REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS memory_steps_site ON memory_steps(site);
CREATE TABLE IF NOT EXISTS memory_workflows (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    template TEXT NOT NULL,
    json TEXT NOT NULL,
    ts REAL NOT NULL,
    UNIQUE (site, template)
);
CREATE TABLE IF NOT EXISTS memory_replays (
    workflow_id TEXT NOT NULL,
    run_id TEXT NOT NULL,
    outcome TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    ts REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS memory_replays_workflow ON memory_replays(workflow_id);
"""

_V3 = """
ALTER TABLE runs ADD COLUMN reason TEXT NOT NULL DEFAULT '';
"""
"""Why a run that did not succeed ended, in words (the RunFinished event's error)."""

# Index i holds the script that takes the schema from version i to i + 1.
_MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3)


class SchemaTooNew(StoreError):
    """The database was written by a newer navwright than this one."""


def connect(path: str) -> sqlite3.Connection:
    """Open the database in WAL mode and bring its schema up to date."""
    conn = sqlite3.connect(path, timeout=5.0, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def migrate(conn: sqlite3.Connection) -> None:
    """Apply the missing migrations in one transaction each."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"the run database has schema version {version}; this navwright reads up to "
            f"{SCHEMA_VERSION}. Upgrade navwright or point NAVWRIGHT_HOME elsewhere."
        )
    for target in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if int(conn.execute("PRAGMA user_version").fetchone()[0]) >= target:
                conn.execute("COMMIT")  # another process migrated meanwhile
                continue
            for statement in _MIGRATIONS[target - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version={target}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
