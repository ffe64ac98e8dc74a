"""`navwright run` uses the [models] table of the config file: model, timeout and retries
(it used to read none of it). A fake OpenAI-compatible server on 127.0.0.1 shows what was used."""

from __future__ import annotations

import json
import time
from pathlib import Path

from config_chat_server import FakeChat
from typer.testing import CliRunner

from navwright.cli import app

# The model's word goes through (an answer from no page would not be grounded, so it gives up in words)
FINISH = json.dumps({"decision": {"kind": "give_up", "thought": "known", "reason": "It is 4."}})


def _config(tmp_path: Path, base_url: str, timeout: float, retries: int) -> Path:
    path = tmp_path / "config.toml"
    spec = f"openai:cfg-model@{base_url}"
    path.write_text(
        f'[models]\nplanner = "{spec}"\nnavigator = "{spec}"\ntimeout = {timeout}\nmax_retries = {retries}\n'
    )
    return path


def test_run_uses_the_configured_model(tmp_path: Path) -> None:
    with FakeChat(FINISH) as server:
        path = _config(tmp_path, server.base_url, timeout=20, retries=0)
        result = CliRunner().invoke(app, ["run", "What is 2+2?", "--json", "--config", str(path)])
    data = json.loads(result.stdout)
    assert data["status"] == "failed" and data["error"] == "It is 4."
    assert [r["model"] for r in server.requests] == ["cfg-model"]


def test_run_uses_the_configured_timeout_and_retries(tmp_path: Path) -> None:
    with FakeChat(FINISH, delay_s=4.0) as server:
        path = _config(tmp_path, server.base_url, timeout=0.5, retries=1)
        started = time.monotonic()
        result = CliRunner().invoke(app, ["run", "What is 2+2?", "--json", "--config", str(path)])
        took = time.monotonic() - started
        attempts = len(server.requests)
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["status"] == "failed" and data["error"]
    assert "did not answer within 0.5 s" in data["error"]  # the configured timeout, not the default 120 s
    # a timeout is not retried, and a server found down gets no repair request
    assert attempts == 1 and took < 60.0, (attempts, took, data)
