"""The navwright data folder (runs, screenshots, browser profiles): `$NAVWRIGHT_HOME`, else the user's
data folder (`~/.local/share/navwright` on Linux)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

HOME_ENV = "NAVWRIGHT_HOME"


def default_home(env: Mapping[str, str] | None = None) -> Path:
    """The navwright data folder: `$NAVWRIGHT_HOME`, else the user's data folder."""
    env = os.environ if env is None else env
    override = env.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("navwright"))
