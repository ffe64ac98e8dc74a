"""The web page: one HTML file and its static CSS and JavaScript (no build step, nothing fetched from
elsewhere), served by the same app as the API."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from navwright.server.auth import COOKIE
from navwright.server.state import Server

STATIC = Path(__file__).parent / "static"
router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
async def index(request: Request, server: Server) -> HTMLResponse:
    """The page. Opened as `/?token=T` on a server with a token, it keeps the token in a cookie."""
    response = HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))
    token = request.query_params.get("token")
    if server.config.token is not None and token:
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
    return response
