"""Fixtures for navwright inside other tools: a login site, a scripted model server, a data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path[:0] = [str(Path(__file__).parents[1] / "agent"), str(Path(__file__).parents[1] / "config")]

from login_site import login_site  # noqa: E402  (the fixture)

__all__ = ["home", "login_site"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh navwright data folder (profiles, runs) for the test."""
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
