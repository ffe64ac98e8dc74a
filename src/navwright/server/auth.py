"""Who may talk to the server: the token (when set) on every request, and never another web site.

With a token, a request carries it as `Authorization: Bearer TOKEN`, as the `navwright_token` cookie
(set when the page is opened as `/?token=TOKEN`) or as `?token=TOKEN`. Without one the server listens
on 127.0.0.1 only, so it also refuses a Host that is not a loopback name: a web page whose domain was
pointed at 127.0.0.1 (DNS rebinding) cannot drive it. A request from another origin (its `Origin`
header names another host) is refused either way.
"""

from __future__ import annotations

import hmac
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from navwright.server.config import LOOPBACK

COOKIE = "navwright_token"


class Guard:
    """ASGI middleware in front of every route (the API docs and static files included)."""

    def __init__(self, app: ASGIApp, token: str | None = None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(Request(scope))
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, detail = refusal
        await JSONResponse({"detail": detail}, status_code=status)(scope, receive, send)

    def refusal(self, request: Request) -> tuple[int, str] | None:
        host = request.headers.get("host", "")
        origin = request.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != host:  # "null" (a sandboxed frame) too
            return 403, "cross-origin requests are refused"
        if self.token is None:
            if urlsplit(f"//{host}").hostname not in LOOPBACK:
                return 403, f"this server answers only on 127.0.0.1 (the request was for {host!r})"
            return None
        given = _bearer(request) or request.cookies.get(COOKIE) or request.query_params.get("token") or ""
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return (
                401,
                "this server needs its token: send 'Authorization: Bearer TOKEN' or open /?token=TOKEN",
            )
        return None


def _bearer(request: Request) -> str:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""
