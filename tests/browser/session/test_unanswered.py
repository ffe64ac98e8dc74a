"""A link to a server that never answers: the action and the next observations end in bounded time,
with the wait said in words (the run goes on)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from browser_site import Site, element_id, run_skill

from navwright.browser.errors import PageNotAnswering
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession


@pytest.fixture
def silent() -> Iterator[str]:
    """A server that accepts connections and reads the request but never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        sock.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            held.append(conn)

    threading.Thread(target=accept, daemon=True).start()
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    stop.set()
    for conn in held:
        conn.close()
    sock.close()


async def test_a_click_to_a_server_that_never_answers_does_not_hang(
    site: Site, silent: str, session: BrowserSession
) -> None:
    base = site({"/": f'<title>Start</title><a href="{silent}/never">Never</a><p>hello</p>'})
    await session.open(base + "/")
    start = time.monotonic()
    result = await run_skill(session, "click", element=await element_id(session, "Never"))
    assert time.monotonic() - start < 60, "the click came back"
    obs = await observe(session.page, "text", timeout_s=3)
    assert "hello" in obs.text or obs.url.startswith(silent), (result, obs)


async def test_a_page_that_does_not_answer_is_said_in_words(site: Site, session: BrowserSession) -> None:
    base = site({"/": "<title>Busy</title><p>busy</p>"})
    await session.open(base + "/")
    busy = "() => { setTimeout(() => { const t = Date.now(); while (Date.now() - t < 8000); }, 0); }"
    await session.page.evaluate(busy)
    await session.page.wait_for_timeout(100)
    with pytest.raises(PageNotAnswering, match="the page did not answer in 1 s"):
        await observe(session.page, "text", timeout_s=1)
