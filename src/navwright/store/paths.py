"""Where the run store lives on disk."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from navwright.paths import HOME_ENV, default_home

DB_NAME = "runs.db"
__all__ = ["DB_NAME", "HOME_ENV", "default_db_path", "default_home", "screenshot_dir"]


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
