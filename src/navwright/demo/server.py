"""The demo shop's HTTP server: stdlib ThreadingHTTPServer in a background thread."""

from __future__ import annotations

import html
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from navwright.demo import pages
from navwright.demo.api import handle_api
from navwright.demo.cart import Session, view_cart
from navwright.demo.catalog import sort_products
from navwright.demo.manifest import manifest_html
from navwright.demo.state import ShopState


class Reply:
    def __init__(self, status: int, body: str, content_type: str = "text/html; charset=utf-8") -> None:
        self.status = status
        self.body = body
        self.content_type = content_type
        self.location: str | None = None

    @classmethod
    def redirect(cls, location: str) -> Reply:
        reply = cls(303, "")
        reply.location = location
        return reply

    @classmethod
    def json(cls, status: int, data: Any) -> Reply:
        return cls(status, json.dumps(data), "application/json")


class ShopHandler(BaseHTTPRequestHandler):
    server: ShopServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _serve(self, method: str) -> None:
        cookies = SimpleCookie(self.headers.get("Cookie", ""))
        sid_in = cookies["sid"].value if "sid" in cookies else None
        state = self.server.state
        sid, session = state.sessions.get_or_create(sid_in)
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        body = self._read_body()
        if url.path.startswith("/api/"):
            status, data = handle_api(state, session, method, url.path, query, body, self.headers)
            reply = Reply.json(status, data)
        else:
            reply = route_page(state, session, method, url.path, query, _form(body, self.headers))
            if reply.content_type.startswith("text/html") and reply.status != 303:
                reply.body = pages.layout(
                    _title(reply.body),
                    reply.body,
                    cart_items=view_cart(session, state.catalog).items,
                    consent="consent" in cookies,
                    manifest=manifest_html() if state.manifest else "",
                )
        self._send(reply, None if sid == sid_in else sid)

    def _read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _send(self, reply: Reply, new_sid: str | None) -> None:
        data = reply.body.encode()
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        if reply.location:
            self.send_header("Location", reply.location)
        if new_sid:
            self.send_header("Set-Cookie", f"sid={new_sid}; Path=/; HttpOnly; SameSite=Lax")
        self.end_headers()
        self.wfile.write(data)


def _form(body: bytes, headers: Any) -> dict[str, str]:
    if "application/x-www-form-urlencoded" not in str(headers.get("Content-Type", "")):
        return {}
    return {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}


def _title(body: str) -> str:
    start = body.find("<h1>")
    end = body.find("</h1>")
    return html.unescape(body[start + 4 : end]) if 0 <= start < end else "Gadget Shop"


def _quantity(raw: str | None) -> int:
    try:
        return max(1, min(10, int(raw or "1")))
    except ValueError:
        return 1


def route_page(
    state: ShopState, session: Session, method: str, path: str, query: dict[str, str], form: dict[str, str]
) -> Reply:
    cat = state.catalog
    sort = query.get("sort", "featured")
    if method == "POST":
        return _post_page(state, session, path, form)
    if path == "/":
        featured = [cat.in_category(c)[0] for c in cat.categories]
        return Reply(200, pages.home(cat, featured))
    if path.startswith("/category/") and path[10:] in cat.categories:
        c = cat.categories[path[10:]]
        return Reply(200, pages.category(c.title, c.slug, sort_products(cat.in_category(c.slug), sort), sort))
    if path == "/search":
        q = query.get("q", "")
        return Reply(200, pages.search(q, sort_products(cat.search(q), sort), sort))
    if path.startswith("/product/") and path[9:] in cat.by_id:
        p = cat.by_id[path[9:]]
        return Reply(200, pages.product(p, cat.categories[p.category].title, query.get("added") == "1"))
    if path == "/cart":
        added = cat.by_id.get(query.get("added", ""))
        return Reply(200, pages.cart(view_cart(session, cat), added.name if added else None))
    if path == "/checkout":
        return Reply(200, pages.checkout(view_cart(session, cat)))
    if path.startswith("/order/"):
        return Reply(200, pages.order_placed(path[7:], float(query.get("total", "0"))))
    return Reply(404, pages.not_found())


def _post_page(state: ShopState, session: Session, path: str, form: dict[str, str]) -> Reply:
    pid = form.get("product_id", "")
    if path == "/cart/add" and pid in state.catalog.by_id:
        state.sessions.add(session, pid, _quantity(form.get("quantity")))
        return Reply.redirect(f"/cart?added={pid}")
    if path == "/cart/update" and pid in state.catalog.by_id:
        try:
            qty = int(form.get("quantity", "0"))
        except ValueError:
            qty = 0
        state.sessions.set_quantity(session, pid, qty)
        return Reply.redirect("/cart")
    if path == "/checkout":
        total = view_cart(session, state.catalog).total
        if not total or not all(form.get(k) for k in ("name", "address", "card")):
            return Reply.redirect("/checkout")
        number = state.sessions.place_order(session)
        return Reply.redirect(f"/order/{number}?total={total}")
    return Reply(404, pages.not_found())


class ShopServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host: str, port: int, state: ShopState) -> None:
        super().__init__((host, port), ShopHandler)
        self.state = state


class DemoShop:
    """A running demo shop. `url` is its base URL (no trailing slash); `stop()` shuts it down."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, *, manifest: bool = True) -> None:
        self.state = ShopState(manifest)
        self._server = ShopServer(host, port, self.state)
        bound_host, bound_port = self._server.server_address[:2]
        self.url = f"http://{bound_host!s}:{bound_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, name="demo-shop", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


@contextmanager
def serve_demo(host: str = "127.0.0.1", port: int = 0, manifest: bool = True) -> Iterator[DemoShop]:
    """Serve the demo shop in a background thread for the duration of the block."""
    shop = DemoShop(host, port, manifest=manifest)
    try:
        yield shop
    finally:
        shop.stop()
