"""Agent test fixtures: fixture pages served on 127.0.0.1, a real browser session, event capture."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from agent_support import FIXTURES, EventList, Quiet

from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession


def _start(directory: Path) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """Base URL of the fixture pages."""
    server = _start(FIXTURES)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
async def session() -> AsyncIterator[BrowserSession]:
    async with BrowserSession(BrowserSettings(allowed_domains=["127.0.0.1"])) as s:
        yield s


@pytest.fixture
def events() -> EventList:
    return EventList()
