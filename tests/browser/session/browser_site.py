"""A tiny local web server for session and skill tests: pages, slow JSON, downloads, redirects.

Loaded by the conftest of tests/browser/session and tests/browser/skills.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Protocol

import pytest
from playwright.async_api import Browser

from navwright.browser.chromium import BrowserSettings
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession
from navwright.browser.skills import default_registry
from navwright.browser.skills.base import SkillContext
from navwright.browser.types import ActionResult


@dataclass
class Reply:
    """One canned answer of the test server."""

    body: str = ""
    type: str = "text/html; charset=utf-8"
    status: int = 200
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


class Site(Protocol):
    def __call__(self, routes: Mapping[str, str | Reply]) -> str: ...


def _handler(routes: Mapping[str, Reply]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            reply = routes.get(self.path.split("?", 1)[0])
            if reply is None:
                self.send_error(404)
                return
            time.sleep(reply.delay_s)
            data = reply.body.encode("utf-8")
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.type)
            self.send_header("Content-Length", str(len(data)))
            for k, v in reply.headers.items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            return

    return Handler


@pytest.fixture
def site() -> Iterator[Site]:
    """`site({"/": "<html>…", "/api": Reply(...)})` -> "http://127.0.0.1:PORT"."""
    servers: list[ThreadingHTTPServer] = []

    def start(routes: Mapping[str, str | Reply]) -> str:
        table = {k: v if isinstance(v, Reply) else Reply(v) for k, v in routes.items()}
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(table))
        server.daemon_threads = True
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
async def session(tmp_path: Path, browser: Browser) -> AsyncIterator[BrowserSession]:
    """A session in its own fresh context of the shared test Chromium (`browser`, tests/browser)."""
    async with BrowserSession(BrowserSettings(), run_dir=tmp_path, browser=browser) as s:
        yield s


async def run_skill(
    session: BrowserSession,
    name: str,
    *,
    secrets: Mapping[str, str] | None = None,
    upload_dirs: list[Path] | None = None,
    today: dt.date | None = None,
    **params: object,
) -> ActionResult:
    """Run one built-in skill the way the navigator does: by name, with validated parameters (`today`:
    the run's day)."""
    s = default_registry().get(name)
    ctx = SkillContext(session=session, secrets=dict(secrets or {}), upload_dirs=upload_dirs or [],
                       today=today)
    return await s.run(ctx, s.params.model_validate(params))


async def element_id(session: BrowserSession, name: str, role: str | None = None) -> str:
    """The id of the first element whose accessible name is `name` (and role, if given)."""
    obs = await observe(session.page, "fields")
    for e in obs.elements:
        if e.name == name and (role is None or e.role == role):
            return e.id
    raise AssertionError(f"no element {name!r} in:\n{obs.text}")
