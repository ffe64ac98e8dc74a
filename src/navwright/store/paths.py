"""Where the run store lives on disk."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

DB_NAME = "runs.db"
HOME_ENV = "NAVWRIGHT_HOME"


def default_home(env: Mapping[str, str] | None = None) -> Path:
    """The navwright data folder: `$NAVWRIGHT_HOME`, else the user's data folder."""
    env = os.environ if env is None else env
    override = env.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("navwright"))


def default_db_path(home: Path | str | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The SQLite file: `<home>/runs.db`; `home` (a setting) wins over the environment."""
    base = Path(home).expanduser() if home is not None else default_home(env)
    return base / DB_NAME


def screenshot_dir(db_path: Path, run_id: str) -> Path:
    """The per-run folder for screenshot files, next to the database (not created here)."""
    return db_path.parent / "screenshots" / _safe_name(run_id)


def _safe_name(run_id: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in run_id).strip(".")
    return cleaned or "run"
