"""The person's site on 127.0.0.1 and a second host on 127.0.0.2 that logs every request it gets (the
hostile suite's servers), with a three-hop redirect and links that try other schemes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hostile_support import OtherHandler, Server, SiteHandler

THREE_HOPS = {"/r3": "/r2", "/r2": "/r1", "/r1": "{other}/landing"}
SCHEMES_PAGE = """<!doctype html><title>Schemes</title><h1>Schemes</h1>
<p><a href="file:///etc/passwd">Local file</a></p>
<button onclick="window.open('data:text/html,<p>data-page-text</p>')">Data popup</button>
<button onclick="location.href='chrome://version'">Chrome page</button>"""

ROWS = 20_000
"""/long.html: this many distinct lines (about 700 KB of text); the answer is on line ANSWER_ROW."""
ANSWER_ROW = 15_000


def long_page() -> bytes:
    rows = [f"<p>Row {n}: item {n} costs {n * 7 % 1000} coins and ships in {n % 9 + 1} days.</p>"
            for n in range(ROWS)]  # fmt: skip
    rows[ANSWER_ROW] = "<p>The answer to the riddle is forty-two.</p>"
    return ("<!doctype html><title>Long</title><h1>Long</h1>" + "\n".join(rows)).encode()


class FenceSite(SiteHandler):
    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path in THREE_HOPS:
            self._record()
            self._send(302, b"", {"Location": THREE_HOPS[path].format(other=self.owner.other)})
        elif path == "/long.html":
            self._record()
            self._send(200, long_page())
        elif path == "/schemes.html":
            self._record()
            self._send(200, SCHEMES_PAGE.encode())
        else:
            super().do_GET()


@contextmanager
def fence_sites() -> Iterator[tuple[Server, Server]]:
    """(the site on 127.0.0.1, the other host on 127.0.0.2)."""
    other = Server("127.0.0.2").start(OtherHandler)
    site = Server("127.0.0.1", other=other.origin).start(FenceSite)
    try:
        yield site, other
    finally:
        site.stop()
        other.stop()
