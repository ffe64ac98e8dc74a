"""`navwright mcp` as a process of the tests: its arguments, and a streamable-HTTP one on a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).parents[2] / "src"
LAUNCH = "from navwright.cli import main; main()"
HELLO = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "tests", "version": "1"}}
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": HELLO}
"""A client's first message, as JSON-RPC."""


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
