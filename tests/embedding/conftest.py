"""Fixtures for navwright inside other tools: a login site, a scripted model server, a data folder."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "agent"))

from login_site import LoginSite


@pytest.fixture
def login_site() -> Iterator[LoginSite]:
    site = LoginSite()
    yield site
    site.stop()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh navwright data folder (profiles, runs) for the test."""
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
