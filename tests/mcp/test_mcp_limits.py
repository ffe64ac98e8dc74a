"""What the MCP server hands back is bounded and in words: a 2 MB page is read a part at a time (each
part says where the next begins), a blank task is refused, and a line on stdio that is not JSON-RPC
gets a JSON-RPC error instead of silence."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

from hostile_support import Server
from mcp.client.stdio import StdioServerParameters
from mcp_process import INITIALIZE, mcp_args

from mcp import Client
from navwright.mcp.limits import MAX_RESULT_CHARS


def said(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def test_a_two_megabyte_page_is_read_a_part_at_a_time(
    sites: tuple[Server, Server], server_env: dict[str, str]
) -> None:
    site, _ = sites
    params = StdioServerParameters(command=sys.executable, args=mcp_args(), env=server_env)
    async with Client(params) as mcp:
        await mcp.call_tool("navigate", {"url": f"{site.origin}/long.html"})
        first = said(await mcp.call_tool("read_text", {}))
        second = said(await mcp.call_tool("read_text", {"offset": next_offset(first), "max_chars": 20_000}))
        found = said(await mcp.call_tool("read_text", {"query": "answer to the riddle"}))
        whole = said(await mcp.call_tool("observe", {"mode": "text", "budget_tokens": 20_000}))
    assert "Row 1: item 1 costs 7 coins" in first and len(first) < 12_000
    assert "characters 0 to" in first and "Row 1: item 1 costs" not in second
    assert f"characters {next_offset(first):,} to" in second and 18_000 < len(second) < 22_000
    assert "The answer to the riddle is forty-two." in found and len(found) < 12_000
    assert len(whole) <= MAX_RESULT_CHARS + 500


def next_offset(reply: str) -> int:
    found = re.search(r"read_text with offset=(\d+)", reply)
    assert found, reply[-500:]
    return int(found.group(1))


async def test_a_blank_task_is_refused_in_words(server_env: dict[str, str]) -> None:
    params = StdioServerParameters(command=sys.executable, args=mcp_args(), env=server_env)
    async with Client(params) as mcp:
        blank = await mcp.call_tool("run_task", {"task": "  \n "})
    assert blank.is_error and "the task is empty" in said(blank), said(blank)


def test_a_line_that_is_not_json_rpc_gets_an_error_reply(server_env: dict[str, str]) -> None:
    lines = ["this is not json", '{"just": "json"}', json.dumps(INITIALIZE)]
    done = subprocess.run([sys.executable, *mcp_args()], env=server_env, input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == 3, done.stdout
    assert replies[0]["error"]["code"] == -32700 and replies[0]["id"] is None
    assert replies[1]["error"]["code"] == -32600 and replies[1]["id"] is None
    assert replies[2]["id"] == 1 and replies[2]["result"]["serverInfo"]["name"] == "navwright"
