"""Server fixtures: the agent tests' fixture pages on 127.0.0.1, a live server with scripted models."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "agent"))
sys.path.insert(0, str(Path(__file__).parents[1] / "config"))
sys.path.insert(0, str(Path(__file__).parents[1] / "embedding"))

from agent_support import FIXTURES, Quiet
from server_support import LiveServer, ModelBook


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(FIXTURES)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def book() -> ModelBook:
    return {}


@pytest.fixture(scope="module")
def server(book: ModelBook, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("serve") / "runs.db", book, max_concurrent_runs=2).start()
    yield live
    live.stop()
