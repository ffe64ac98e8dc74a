"""MCP server fixtures: the login site and the environment of a `navwright mcp` process."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / name) for name in ("agent", "config", "embedding")]

from login_site import login_site  # noqa: E402  (the fixture)
from mcp_process import SRC  # noqa: E402

__all__ = ["login_site", "server_env"]


@pytest.fixture
def server_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a `navwright mcp` process: this checkout, a fresh data folder, an empty config."""
    config = tmp_path / "config.toml"
    config.write_text("")
    return {"PYTHONPATH": str(SRC), "NAVWRIGHT_HOME": str(tmp_path / "home"), "NAVWRIGHT_CONFIG": str(config),
            "PATH": os.environ.get("PATH", "")}  # fmt: skip
