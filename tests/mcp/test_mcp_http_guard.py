"""`navwright mcp --http` is the same closed door as `navwright serve`: off loopback only with a token
(refused before anything starts), the token on every request, no other origin (`Origin: null`
included), and without a token no Host but a loopback name (DNS rebinding)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import httpx
import pytest
from mcp_process import INITIALIZE, free_port, mcp_args, start_http
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from navwright.server.auth import Guard

ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def post(url: str, **headers: str) -> httpx.Response:
    return httpx.post(url, json=INITIALIZE, headers={**ACCEPT, **headers}, timeout=30)


def test_a_non_loopback_bind_without_a_token_is_refused_before_it_starts(server_env: dict[str, str]) -> None:
    port = free_port()
    done = subprocess.run([sys.executable, *mcp_args("--http", "--host", "0.0.0.0", "--port", str(port))],
                          env=server_env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "listening on 0.0.0.0 needs a token" in done.stderr and "Traceback" not in done.stderr


def test_with_a_token_every_request_carries_it_and_other_origins_are_refused(
    server_env: dict[str, str],
) -> None:
    proc, url = start_http({**server_env, "NAVWRIGHT_TOKEN": "s3cret-token"}, "--host", "0.0.0.0")
    try:
        bearer = {"Authorization": "Bearer s3cret-token"}
        assert post(url).status_code == 401
        assert post(url, Authorization="Bearer wrong").status_code == 401
        assert post(url, Origin="http://evil.example", **bearer).status_code == 403
        assert post(url, Origin="null", **bearer).status_code == 403
        answered = post(url, **bearer)
        assert answered.status_code == 200 and "navwright" in answered.text
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_without_a_token_only_loopback_host_names_and_no_other_origin(server_env: dict[str, str]) -> None:
    proc, url = start_http(server_env)
    port = url.split(":")[2].split("/")[0]
    try:
        assert post(url, Host=f"evil.example:{port}").status_code == 403
        assert post(url, Origin="null").status_code == 403
        assert post(url, Origin="http://evil.example").status_code == 403
        assert post(url).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize("token", [None, "s3cret-token"])
async def test_the_servers_guard_refuses_origin_null(token: str | None) -> None:
    async def ok(_: Any) -> PlainTextResponse:
        return PlainTextResponse("ok")

    app = Guard(Starlette(routes=[Route("/", ok)]), token)
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8700") as client:
        sandboxed = await client.get("/", headers={"Origin": "null", **auth})
        same = await client.get("/", headers={"Origin": "http://127.0.0.1:8700", **auth})
    assert sandboxed.status_code == 403 and "cross-origin" in sandboxed.text
    assert same.status_code == 200
