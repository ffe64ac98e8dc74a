"""A fixture site with a cookie-based login, served on 127.0.0.1: /login (form), /account (who is
signed in, or a link to log in). The session token is random per login, so a test can look for it."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import pytest
from script import Script, actions, done, eid, finish

PAGE = "<!doctype html><html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
LOGIN_FORM = """<form method="post" action="/login">
<label for="u">Username</label> <input id="u" name="user">
<label for="p">Password</label> <input id="p" name="password" type="password">
<label for="k">Stay signed in</label>
<select id="k" name="keep"><option>1 day</option><option>1 week</option></select>
<button type="submit">Log in</button></form>"""
USERS = {"ada": ("lovelace-1815", "Ada Lovelace")}
LOGGED_IN = "Signed in as Ada Lovelace"


def login_answers() -> list[Any]:
    """The navigator's answers that log in as ada on /login and report who is signed in."""
    return [
        lambda p: actions(
            {"name": "type_text", "element": eid(p, "Username"), "text": "ada"},
            {"name": "type_text", "element": eid(p, "Password"), "text": "lovelace-1815"},
            {"name": "click", "element": eid(p, "Log in")},
        ),
        lambda p: actions(done(LOGGED_IN)),
    ]


def login_script() -> Script:
    return Script(navigator=login_answers(), check=[finish(LOGGED_IN)])


def send_html(handler: BaseHTTPRequestHandler, html: str, status: int = 200) -> None:
    data = html.encode()
    handler.send_response(status)
    handler.send_header("content-type", "text/html; charset=utf-8")
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


class LoginSite:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.startswith("/login"):
                    self._page("Log in", LOGIN_FORM)
                    return
                name = owner.sessions.get(self._cookie("sid"))
                if name:
                    self._page("Your account", f"<p>Signed in as {name}. Your balance is 42 coins.</p>")
                else:
                    self._page("Your account", '<p>You are not signed in.</p><a href="/login">Log in</a>')

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                form = parse_qs(self.rfile.read(length).decode())
                user = form.get("user", [""])[0]
                known = USERS.get(user)
                if known is None or form.get("password", [""])[0] != known[0]:
                    self._page("Log in", "<p>Wrong username or password.</p>" + LOGIN_FORM)
                    return
                token = secrets.token_hex(16)
                owner.sessions[token] = known[1]
                self.send_response(303)
                self.send_header("set-cookie", f"sid={token}; Path=/; HttpOnly; Max-Age=3600")
                self.send_header("location", "/account")
                self.end_headers()

            def _cookie(self, name: str) -> str:
                for part in (self.headers.get("cookie") or "").split(";"):
                    key, _, value = part.strip().partition("=")
                    if key == name:
                        return value
                return ""

            def _page(self, title: str, body: str) -> None:
                send_html(self, PAGE.format(title=title, body=body))

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def login_site() -> Iterator[LoginSite]:
    site = LoginSite()
    yield site
    site.stop()
