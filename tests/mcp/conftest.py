"""MCP server fixtures: the login site, a scripted model server, `navwright mcp` as a process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / "agent"), str(HERE.parent / "embedding")]

from login_site import LoginSite  # noqa: E402

SRC = HERE.parents[1] / "src"
LAUNCH = "from navwright.cli import main; main()"


@pytest.fixture
def login_site() -> Iterator[LoginSite]:
    site = LoginSite()
    yield site
    site.stop()


@pytest.fixture
def server_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a `navwright mcp` process: this checkout, a fresh data folder, an empty config."""
    config = tmp_path / "config.toml"
    config.write_text("")
    return {"PYTHONPATH": str(SRC), "NAVWRIGHT_HOME": str(tmp_path / "home"), "NAVWRIGHT_CONFIG": str(config),
            "PATH": os.environ.get("PATH", "")}  # fmt: skip


def mcp_args(*extra: str) -> list[str]:
    return ["-c", LAUNCH, "mcp", "--allow-domain", "127.0.0.1", *extra]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_http(env: dict[str, str], *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """`navwright mcp --http` on a free port; returns the process and its URL once it listens."""
    port = free_port()
    args = [sys.executable, *mcp_args("--http", "--port", str(port), *extra)]
    env = {**os.environ, **env}
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc, f"http://127.0.0.1:{port}/mcp"
        time.sleep(0.2)
    proc.kill()
    said = proc.stderr.read().decode() if proc.stderr else ""
    raise AssertionError(f"navwright mcp --http did not listen: {said}")
