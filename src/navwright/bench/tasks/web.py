"""A tiny web framework for the development suite's sites: routes, forms, cookies, sessions, replies.

Each site of `navwright bench tasks` is an `App` with its own routes and state; `serve(app)` runs it on
127.0.0.1 in a background thread (stdlib ThreadingHTTPServer, no dependency) and yields its base URL.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import secrets
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from navwright.bench.ports import bind_steady


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    form: dict[str, str]
    """Form fields (urlencoded body); a field sent several times keeps its last value."""
    form_lists: dict[str, list[str]]
    """Every value of each form field (checkbox groups, multi-selects)."""
    cookies: dict[str, str]
    session: dict[str, Any]
    """Per-visitor data kept by the app under a `sid` cookie."""
    body: bytes = b""
    params: dict[str, str] = field(default_factory=dict)
    """Path parameters: `/item/{id}` matched against `/item/42` gives {"id": "42"}."""

    def json(self) -> Any:
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None


@dataclass
class Reply:
    status: int = 200
    body: str = ""
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def redirect(cls, location: str) -> Reply:
        return cls(303, "", headers={"Location": location})

    @classmethod
    def json(cls, data: Any, status: int = 200) -> Reply:
        return cls(status, json.dumps(data), "application/json")


Handler = Callable[[Request], Reply]


class App:
    """Routes by method and path pattern (`{name}` matches one path segment)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sessions: dict[str, dict[str, Any]] = {}
        self.lock = threading.RLock()
        """Handlers run in threads: hold it while changing shared state."""
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []

    def route(self, method: str, pattern: str) -> Callable[[Handler], Handler]:
        regex = re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

        def register(handler: Handler) -> Handler:
            self._routes.append((method.upper(), regex, handler))
            return handler

        return register

    def get(self, pattern: str) -> Callable[[Handler], Handler]:
        return self.route("GET", pattern)

    def post(self, pattern: str) -> Callable[[Handler], Handler]:
        return self.route("POST", pattern)

    def dispatch(self, request: Request) -> Reply:
        for method, regex, handler in self._routes:
            match = regex.match(request.path)
            if match and method == request.method:
                request.params = match.groupdict()
                return handler(request)
        page = f"<!doctype html><title>Not found</title><h1>Not found</h1><p>{esc(request.path)}</p>"
        return Reply(404, page)


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _serve(self, method: str) -> None:
        app = self.server.app
        cookies = {k: m.value for k, m in SimpleCookie(self.headers.get("Cookie", "")).items()}
        sid = cookies.get("sid", "")
        new_sid = None
        with app.lock:
            if sid not in app.sessions:
                sid = new_sid = secrets.token_hex(8)
                app.sessions[sid] = {}
            session = app.sessions[sid]
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        form_lists: dict[str, list[str]] = {}
        if "application/x-www-form-urlencoded" in str(self.headers.get("Content-Type", "")):
            form_lists = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        request = Request(
            method=method, path=url.path, query={k: v[-1] for k, v in parse_qs(url.query).items()},
            form={k: v[-1] for k, v in form_lists.items()}, form_lists=form_lists, cookies=cookies,
            session=session, body=body,
        )
        try:
            reply = app.dispatch(request)
        except Exception as exc:  # a bug in a site shows as a 500 page, never kills the server
            reply = Reply(500, f"<!doctype html><title>Error</title><h1>Server error</h1><p>{esc(exc)}</p>")
        data = reply.body.encode()
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for key, value in reply.headers.items():
            self.send_header(key, value)
        if new_sid:
            self.send_header("Set-Cookie", f"sid={new_sid}; Path=/; HttpOnly; SameSite=Lax")
        self.end_headers()
        self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, app: App, address: tuple[str, int]) -> None:
        super().__init__(address, _Handler)
        self.app = app
        self.open: set[socket.socket] = set()
        """The connections a browser keeps alive: closed with the server, or the next server at this
        address would have its requests answered by this one's app."""

    def process_request(self, request: Any, client_address: Any) -> None:
        self.open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        self.open.discard(request)
        super().shutdown_request(request)

    def close_open(self) -> None:
        for sock in list(self.open):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


@contextmanager
def serve(app: App) -> Iterator[str]:
    """Serve `app` on 127.0.0.1 (its steady port) for the duration of the block; yields the base URL."""
    server = bind_steady(f"site-{app.name}", lambda address: _Server(app, address))
    host, port = server.server_address[:2]
    thread = threading.Thread(target=server.serve_forever, name=f"site-{app.name}", daemon=True)
    thread.start()
    try:
        yield f"http://{host!s}:{port}"
    finally:
        server.shutdown()
        server.server_close()
        server.close_open()
        thread.join(timeout=5)
