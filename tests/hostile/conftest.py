"""Hostile-page fixtures: the person's site and the other host, a browser session with or without the
domain fence, event capture. The scripted model (tests/agent/script.py) obeys the page."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "agent"))

from agent_support import EventList
from hostile_support import OtherHandler, Server, SiteHandler

from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession


@pytest.fixture(scope="session")
def servers() -> Iterator[tuple[Server, Server]]:
    other = Server("127.0.0.2").start(OtherHandler)
    site = Server("127.0.0.1", other=other.origin).start(SiteHandler)
    yield site, other
    site.stop()
    other.stop()


@pytest.fixture
def site(servers: tuple[Server, Server]) -> Server:
    servers[0].log.clear()
    servers[1].log.clear()
    return servers[0]


@pytest.fixture
def other(servers: tuple[Server, Server], site: Server) -> Server:
    return servers[1]


@pytest.fixture
async def session() -> AsyncIterator[BrowserSession]:
    """No domain fence: the worst case, the guards alone must hold."""
    async with BrowserSession(BrowserSettings()) as s:
        yield s


@pytest.fixture
async def fenced() -> AsyncIterator[BrowserSession]:
    """`--allow-domain 127.0.0.1`."""
    async with BrowserSession(BrowserSettings(allowed_domains=["127.0.0.1"])) as s:
        yield s


@pytest.fixture
def events() -> EventList:
    return EventList()
