"""Fixtures for the run entry (`navwright run`, `navwright.api.run`, batch): a two-page shop on
127.0.0.1, a fresh data folder and no outside settings."""

from __future__ import annotations

import sys
import tempfile
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / name) for name in ("agent", "config", "embedding")]

from login_site import send_html  # noqa: E402

PRICES = {"1": 10, "2": 25}


class Items(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        number = self.path.rstrip("/").rsplit("-", 1)[-1]
        price = PRICES.get(number)
        other = "2" if number == "1" else "1"
        link = f'<a href="/item-{other}">Item {other}</a>'
        body = f"<h1>Item {number}</h1><p>Item {number} costs {price} coins.</p>{link}"
        page = f"<!doctype html><title>Item {number}</title><body>{body}</body>"
        send_html(self, page, 200 if price else 404)

    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture
def items() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Items)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No NAVWRIGHT_* setting from the outside; the store and the config file under tmp_path."""
    from navwright.config import ENV_VARS

    for var in ENV_VARS:
        monkeypatch.delenv(var.name, raising=False)
    monkeypatch.setenv("NAVWRIGHT_CONFIG", str(tmp_path / "config.toml"))
    (tmp_path / "config.toml").write_text("")
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return tmp_path / "home"


@pytest.fixture
def temp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The system temp folder, as this process sees it, is a fresh one."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder
