"""A recording fixture site on 127.0.0.1 for the site-API tests.

`Site({"/": html, "/openapi.json": json_text})` serves the given paths (GET) and, under /api/, an
echo API: every request is answered with what it carried (method, path, query, body, content type,
cookies) and recorded in `Site.calls`. `/api/fail` answers HTTP 500; `/api/count` counts per cookie.
Visiting any page sets the cookie `sid=s-1`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


class Site:
    def __init__(self, pages: Mapping[str, str]) -> None:
        self.pages = dict(pages)
        self.calls: list[dict[str, Any]] = []
        self.counts: dict[str, int] = {}
        handler = type("Handler", (_Handler,), {"site": self})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def api_calls(self) -> list[dict[str, Any]]:
        return [c for c in self.calls if c["path"].startswith("/api/")]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class _Handler(BaseHTTPRequestHandler):
    site: Site
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        return

    def do_GET(self) -> None:
        self._answer()

    def do_POST(self) -> None:
        self._answer()

    def do_PUT(self) -> None:
        self._answer()

    def do_DELETE(self) -> None:
        self._answer()

    def _answer(self) -> None:
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        call = {
            "method": self.command,
            "path": url.path,
            "query": query,
            "body": body,
            "content_type": self.headers.get("Content-Type", ""),
            "cookie": self.headers.get("Cookie", ""),
            "header_x": self.headers.get("X-Token"),
        }
        self.site.calls.append(call)
        if url.path == "/api/fail":
            self._send(500, "application/json", json.dumps({"error": "the warehouse is on fire"}))
        elif url.path == "/api/count":
            key = call["cookie"]
            self.site.counts[key] = self.site.counts.get(key, 0) + 1
            self._send(200, "application/json", json.dumps({"count": self.site.counts[key]}))
        elif url.path.startswith("/api/"):
            self._send(200, "application/json", json.dumps(call))
        elif url.path in self.site.pages and self.command == "GET":
            kind = "application/json" if url.path.endswith((".json", "api-catalog")) else "text/html"
            self._send(200, kind, self.site.pages[url.path], cookie=not url.path.endswith(".json"))
        else:
            self._send(404, "text/plain", "not found")

    def _send(self, status: int, kind: str, text: str, cookie: bool = False) -> None:
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        if cookie:
            self.send_header("Set-Cookie", "sid=s-1; Path=/")
        self.end_headers()
        self.wfile.write(data)
