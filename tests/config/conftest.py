from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No NAVWRIGHT_* setting from the outside; the store and the default config file under tmp_path."""
    from navwright.config import ENV_VARS

    for var in ENV_VARS:
        monkeypatch.delenv(var.name, raising=False)
    monkeypatch.delenv("NAVWRIGHT_CONFIG", raising=False)
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
