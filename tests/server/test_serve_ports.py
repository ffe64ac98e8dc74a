"""Ports are checked before anything starts, and `serve` says it is serving only once it listens:
every refusal is one line of words and exit 2, never a traceback (issue 36, items 8 and 17)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from navwright.config import check_port

NAVWRIGHT = [sys.executable, "-c", "from navwright.cli import main; main()"]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NAVWRIGHT_TOKEN"}
    env["NAVWRIGHT_HOME"] = str(tmp_path)
    env["NAVWRIGHT_CONFIG"] = str(tmp_path / "config.toml")
    (tmp_path / "config.toml").write_text('[models]\nplanner = "openai:m@http://127.0.0.1:9/v1"\n')
    return env


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=60, env=_env(tmp_path))


@pytest.mark.parametrize("port", ["80000", "0", "-1", "65536"])
def test_serve_refuses_a_port_out_of_range_before_it_starts(port: str, tmp_path: Path) -> None:
    done = _run([*NAVWRIGHT, "serve", "--port", port], tmp_path)
    assert done.returncode == 2, done
    assert f"--port must be a number from 1 to 65535 (got {port})" in done.stderr
    assert "serving on" not in done.stdout and "Traceback" not in done.stderr


def test_mcp_over_http_and_the_demo_shop_refuse_a_port_out_of_range(tmp_path: Path) -> None:
    mcp = _run([*NAVWRIGHT, "mcp", "--http", "--port", "80000"], tmp_path)
    demo = _run([sys.executable, "-m", "navwright.demo", "--port", "80000"], tmp_path)
    for done in (mcp, demo):
        assert done.returncode == 2, done
        assert "65535" in done.stderr and "Traceback" not in done.stderr
        assert "OverflowError" not in done.stderr


def test_serve_on_a_port_in_use_says_so_and_never_that_it_serves(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _run([*NAVWRIGHT, "serve", "--port", str(port)], tmp_path)
    assert done.returncode == 2, done
    assert f"cannot listen on 127.0.0.1:{port}: address already in use" in done.stderr
    assert "serving on" not in done.stdout and "Traceback" not in done.stderr


def test_serve_on_an_unknown_host_says_so(tmp_path: Path) -> None:
    done = _run([*NAVWRIGHT, "serve", "--host", "no-such-host.invalid", "--token", "t"], tmp_path)
    assert done.returncode == 2 and "cannot listen on no-such-host.invalid:8700" in done.stderr, done
    assert "serving on" not in done.stdout and "Traceback" not in done.stderr


def test_check_port_is_the_one_rule() -> None:
    assert check_port(8700) == 8700 and check_port("1") == 1
    for bad in (0, 65536, "x", None):
        with pytest.raises(ValueError, match="must be a number from 1 to 65535"):
            check_port(bad)
