"""`navwright mcp --allow-domain 127.0.0.1`: the page tools keep to the fence on every way out (a typed
URL, a redirect chain, a clicked link that redirects twice, window.open, file: and data: URLs), and
without a fence they open only http(s) unless the command line allows a scheme. Judged from what the
other host (127.0.0.2) received: nothing."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

from chat_script_server import ScriptServer
from hostile_support import Server
from mcp.client.stdio import StdioServerParameters
from mcp_process import LAUNCH, mcp_args
from script import Script, finish, give_up

from mcp import Client


def client(env: dict[str, str], args: list[str]) -> Client:
    return Client(StdioServerParameters(command=sys.executable, args=args, env=env))


def said(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def click(mcp: Client, label: str) -> str:
    page = said(await mcp.call_tool("observe", {"mode": "fields"}))
    found = re.search(r"\[([^\]]+)\][^\[\n]*?" + re.escape(label), page)
    assert found, (label, page)
    return said(await mcp.call_tool("click", {"element": found.group(1), "label": label}))


async def test_the_page_tools_keep_to_the_allowed_domains(
    sites: tuple[Server, Server], server_env: dict[str, str]
) -> None:
    site, other = sites
    other.log.clear()
    async with client(server_env, mcp_args()) as mcp:
        for url in (f"{other.origin}/direct", f"{site.origin}/r3", "file:///etc/passwd",
                    "data:text/html,<p>data-page-text</p>"):  # fmt: skip
            opened = await mcp.call_tool("navigate", {"url": url})
            assert opened.is_error and "not opened" in said(opened), (url, said(opened))
        await mcp.call_tool("navigate", {"url": f"{site.origin}/redirect.html"})
        assert "not an allowed domain" in await click(mcp, "Weekly deals")
        await mcp.call_tool("navigate", {"url": f"{site.origin}/popup.html"})
        await click(mcp, "See the offer")
        await asyncio.sleep(0.5)
        tabs = said(await mcp.call_tool("tabs", {}))
        read = said(await mcp.call_tool("read_text", {}))
    assert other.log == []
    assert "127.0.0.2" not in tabs and "root:" not in read and "data-page-text" not in read


async def test_without_a_fence_only_http_and_https_open(
    sites: tuple[Server, Server], server_env: dict[str, str]
) -> None:
    site, _ = sites
    async with client(server_env, ["-c", LAUNCH, "mcp"]) as mcp:
        for url in ("file:///etc/passwd", "data:text/html,<p>data-page-text</p>", "chrome://version"):
            opened = await mcp.call_tool("navigate", {"url": url})
            assert opened.is_error and "addresses are not allowed here" in said(opened), said(opened)
        await mcp.call_tool("navigate", {"url": f"{site.origin}/schemes.html"})
        for label in ("Local file", "Data popup", "Chrome page"):
            await click(mcp, label)
        await asyncio.sleep(0.5)
        tabs = said(await mcp.call_tool("tabs", {}))
        read = said(await mcp.call_tool("read_text", {}))
    assert "file:" not in tabs and "data:" not in tabs and "chrome:" not in tabs, tabs
    assert "root:" not in read and "data-page-text" not in read


async def test_a_scheme_the_command_line_allows_opens(server_env: dict[str, str], tmp_path: Path) -> None:
    page = tmp_path / "note.html"
    page.write_text("<title>Note</title><p>a local note</p>")
    async with client(server_env, ["-c", LAUNCH, "mcp", "--allow-scheme", "file"]) as mcp:
        opened = await mcp.call_tool("navigate", {"url": page.as_uri()})
        data = await mcp.call_tool("navigate", {"url": "data:text/html,<p>data-page-text</p>"})
    assert not opened.is_error and "(Note)" in said(opened), said(opened)
    assert data.is_error and "allowed: http, https, file" in said(data)


async def test_run_task_does_not_open_a_local_file_either(server_env: dict[str, str]) -> None:
    script = Script(planner=[give_up("the page could not be opened")] * 3, check=[finish("nothing")] * 3)
    with ScriptServer(script) as model:
        async with client(server_env, ["-c", LAUNCH, "mcp", "--model", model.spec]) as mcp:
            ran = await mcp.call_tool("run_task", {"task": "Read me this file", "url": "file:///etc/passwd"})
    reply = ran.structured_content
    assert reply["status"] != "success" and "root:" not in str(reply), reply
    assert all("root:" not in prompt for _, prompt in script.prompts)
