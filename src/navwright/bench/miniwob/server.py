"""Serve the MiniWoB++ html/ folder on 127.0.0.1 from a thread, for as long as a `with` lasts."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType

from navwright.bench.ports import bind_steady


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


class TaskServer:
    """`with TaskServer(root) as base_url:` serves `root` at base_url (the same port each time, when free)."""

    def __init__(self, root: Path, host: str = "127.0.0.1") -> None:
        self.root = root
        self.host = host
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("the task server is not running")
        return f"http://{self.host}:{self._server.server_address[1]}"

    def start(self) -> str:
        handler = partial(_QuietHandler, directory=str(self.root))
        self._server = bind_steady(
            "miniwob", lambda address: ThreadingHTTPServer(address, handler), self.host
        )
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="miniwob-http", daemon=True)
        self._thread.start()
        return self.base_url

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
