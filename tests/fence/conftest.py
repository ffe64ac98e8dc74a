"""Fence fixtures: the person's site on 127.0.0.1 and the other host on 127.0.0.2 (which logs every
request), the scripted model server, and a clean navwright home and config for each test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / name) for name in ("agent", "config", "embedding", "hostile", "server")]

from fence_sites import fence_sites  # noqa: E402
from hostile_support import Server  # noqa: E402


@pytest.fixture(scope="module")
def sites() -> Iterator[tuple[Server, Server]]:
    with fence_sites() as both:
        yield both


@pytest.fixture
def site(sites: tuple[Server, Server]) -> Server:
    sites[0].log.clear()
    sites[1].log.clear()
    return sites[0]


@pytest.fixture
def other(sites: tuple[Server, Server], site: Server) -> Server:
    return sites[1]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh NAVWRIGHT_HOME and an empty config file, for this process and the ones it starts."""
    config = tmp_path / "config.toml"
    config.write_text("")
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NAVWRIGHT_CONFIG", str(config))
    monkeypatch.delenv("NAVWRIGHT_ALLOW_DOMAINS", raising=False)
    return tmp_path
