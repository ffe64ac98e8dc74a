from __future__ import annotations

from collections.abc import Iterator

import pytest
from models_chat_server import ChatServer


@pytest.fixture
def chat_server() -> Iterator[ChatServer]:
    server = ChatServer().start()
    try:
        yield server
    finally:
        server.stop()
