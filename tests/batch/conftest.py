"""Batch fixtures: a shop of three item pages on 127.0.0.1 and the scripted model server."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / name) for name in ("agent", "config", "embedding")]

from login_site import send_html  # noqa: E402

PRICES = {"1": 10, "2": 25, "3": 7}


class Items(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        number = self.path.rstrip("/").rsplit("-", 1)[-1]
        price = PRICES.get(number)
        fact = f"<h1>Item {number}</h1><p>Item {number} costs {price} coins.</p>"
        body = fact if price else "<p>No such item</p>"
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
    """A fresh navwright data folder: batch runs are recorded in its run store."""
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
