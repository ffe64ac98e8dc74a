"""Fixtures the MiniWoB++ harness tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from navwright.bench.miniwob.server import TaskServer
from navwright.bench.miniwob.tasks import html_dir


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The MiniWoB++ pages of the `miniwob` wheel, served on 127.0.0.1."""
    with TaskServer(html_dir()) as url:
        yield url
