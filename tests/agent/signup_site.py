"""A newsletter sign-up site on 127.0.0.1 that keeps its sign-ups and the topics followed (the server
state tests judge by). Its button's label can be changed between runs (a site that renamed a button)."""

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FORM = """<!doctype html><html><head><title>Newsletter</title></head><body>
<h1>The weekly letter</h1>
<form method="post" action="/signup" name="signup">
<p><label for="name">Your name</label> <input id="name" name="name"></p>
<p><label for="email">Email</label> <input id="email" name="email" type="email"></p>
<p><label for="pw">Password</label> <input id="pw" name="password" type="password"></p>
<p><button type="submit">{button}</button></p>
</form></body></html>"""
WELCOME = """<!doctype html><html><head><title>Welcome</title></head><body>
<p id="out">Welcome, {name}! You are subscriber {n}.</p></body></html>"""

TOPICS = ("Gardening", "Chess", "Astronomy", "Baking")
TOPIC_PAGE = """<!doctype html><html><head><title>Topics</title></head><body>
<h1>Topics</h1><p>Follow a topic to get its letter.</p><ul>{items}</ul></body></html>"""
TOPIC_ITEM = """<li><form method="post" action="/follow"><input type="hidden" name="topic" value="{t}">
<span>{t}: the best of the week</span> <button type="submit">{t}</button></form></li>"""
FOLLOWED = """<!doctype html><html><head><title>Followed</title></head><body>
<p id="out">You now follow {topic}.</p></body></html>"""


@dataclass
class SignupSite:
    url: str = ""
    button: str = "Sign up"
    signups: list[dict[str, str]] = field(default_factory=list)
    followed: list[str] = field(default_factory=list)


def _handler(site: SignupSite) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return

        def _send(self, body: str, status: int = 200, location: str = "") -> None:
            data = body.encode()
            self.send_response(status)
            if location:
                self.send_header("Location", location)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/topics":
                self._send(TOPIC_PAGE.format(items="".join(TOPIC_ITEM.format(t=t) for t in TOPICS)))
            elif parts.path == "/followed":
                self._send(FOLLOWED.format(topic=html.escape(site.followed[-1] if site.followed else "?")))
            elif parts.path == "/welcome":
                n = int(parse_qs(parts.query).get("n", ["0"])[0])
                name = site.signups[n - 1]["name"] if 0 < n <= len(site.signups) else "?"
                self._send(WELCOME.format(name=html.escape(name), n=n))
            else:
                self._send(FORM.format(button=html.escape(site.button)))

        def do_POST(self) -> None:
            size = int(self.headers.get("Content-Length", "0"))
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(size).decode()).items()}
            if self.path == "/follow":
                site.followed.append(form.get("topic", ""))
                self._send("", 303, "/followed")
                return
            site.signups.append(form)
            self._send("", 303, f"/welcome?n={len(site.signups)}")

    return Handler


@contextmanager
def signup_site() -> Iterator[SignupSite]:
    site = SignupSite()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site.url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
