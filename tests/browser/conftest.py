"""Shared browser fixtures: serve pages on 127.0.0.1 and open them in a real Chromium.

`serve({"/": "<html>..."})` returns a base URL such as "http://127.0.0.1:43121"; each call starts
its own server on a fresh port, so two calls give two origins (for cross-origin frames).
`serve(Path("some/dir"))` serves a directory. `page` is a fresh tab in a fresh context.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

Serve = Callable[[Mapping[str, str] | Path], str]


class _DictHandler(SimpleHTTPRequestHandler):
    """Answers GET with the HTML stored for the path (query string ignored), 404 otherwise."""

    pages: Mapping[str, str] = {}

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        body = self.pages.get(path)
        if body is None:
            self.send_error(404)
            return
        data = body.encode("utf-8")
        kind = "text/javascript" if path.endswith(".js") else "text/html; charset=utf-8"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        return


class _DirHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture
def serve() -> Iterator[Serve]:
    servers: list[ThreadingHTTPServer] = []

    def start(content: Mapping[str, str] | Path) -> str:
        if isinstance(content, Path):
            handler: type[SimpleHTTPRequestHandler] = partial(  # type: ignore[assignment]
                _DirHandler, directory=str(content)
            )
        else:
            handler = type("Pages", (_DictHandler,), {"pages": dict(content)})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        launched = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        await launched.close()


@pytest.fixture
async def page(browser: Browser) -> AsyncIterator[Page]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    tab = await context.new_page()
    yield tab
    await context.close()
