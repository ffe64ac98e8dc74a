"""`navwright serve` as a person runs it: it serves the page and the API, Ctrl-C stops it, and it
refuses to listen beyond 127.0.0.1 without a token."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from server_support import free_port

from navwright.server import check_bind

COMMAND = [sys.executable, "-c", "from navwright.cli import main; main()", "serve"]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NAVWRIGHT_TOKEN"}
    env["NAVWRIGHT_HOME"] = str(tmp_path)
    env["NAVWRIGHT_CONFIG"] = str(tmp_path / "config.toml")
    spec = '"openai:m@http://127.0.0.1:9/v1"'
    (tmp_path / "config.toml").write_text(f"[models]\nplanner = {spec}\nnavigator = {spec}\n")
    return env


def test_serve_answers_on_its_port_and_ctrl_c_stops_it_in_words(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([*COMMAND, "--port", str(port), "--max-concurrent-runs", "3"], env=_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                info = httpx.get(f"http://127.0.0.1:{port}/info", timeout=5).json()
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "navwright serve did not start"
                time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert info["max_concurrent_runs"] == 3 and info["default_model"] == "openai:m@http://127.0.0.1:9/v1"
    assert page.status_code == 200 and "<title>navwright</title>" in page.text
    assert f"navwright serving on http://127.0.0.1:{port}/" in out
    assert proc.returncode == 130 and "Traceback" not in err  # 130: ended by Ctrl-C, as `navwright run`


def test_serving_beyond_loopback_needs_a_token(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs a token"):
        check_bind("0.0.0.0", None)
    check_bind("0.0.0.0", "t")
    check_bind("::1", None)
    done = subprocess.run([*COMMAND, "--host", "0.0.0.0"], capture_output=True, text=True, timeout=60,
                          env=_env(tmp_path))  # fmt: skip
    assert done.returncode == 2 and "needs a token" in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_ends_serve_as_interrupted_even_when_uvicorn_swallows_the_signal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # uvicorn re-raises a captured Ctrl-C only if its serving task had not already finished; when it
    # had, `serve` used to return as if nothing happened and the command exited 0 instead of 130.
    import uvicorn

    from navwright.config import Settings
    from navwright.server.main import serve

    def swallowing_run(self: uvicorn.Server, sockets: object = None) -> None:
        self.handle_exit(signal.SIGINT, None)

    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path))
    monkeypatch.setattr(uvicorn.Server, "run", swallowing_run)
    with pytest.raises(KeyboardInterrupt):
        serve(Settings(), port=free_port(), db_path=tmp_path / "runs.db")
