"""MCP server fixtures: the login site and the environment of a `navwright mcp` process."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / name) for name in ("agent", "config", "embedding", "hostile", "fence")]

from fence_sites import fence_sites  # noqa: E402
from hostile_support import Server  # noqa: E402
from login_site import login_site  # noqa: E402  (the fixture)
from mcp_process import SRC  # noqa: E402

__all__ = ["login_site", "server_env", "sites"]


@pytest.fixture(scope="module")
def sites() -> Iterator[tuple[Server, Server]]:
    """The person's site (127.0.0.1) and the other host (127.0.0.2); their request logs start empty."""
    with fence_sites() as both:
        yield both


@pytest.fixture
def server_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a `navwright mcp` process: this checkout, a fresh data folder, an empty config."""
    config = tmp_path / "config.toml"
    config.write_text("")
    return {"PYTHONPATH": str(SRC), "NAVWRIGHT_HOME": str(tmp_path / "home"), "NAVWRIGHT_CONFIG": str(config),
            "PATH": os.environ.get("PATH", "")}  # fmt: skip
