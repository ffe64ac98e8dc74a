"""tabs: list the browser's tabs, switch to one or close one."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool, untrusted
from navwright.mcp.tools.elements import report


class Params(BaseModel):
    action: Literal["list", "switch", "close"] = Field("list", description="list, switch or close.")
    tab: int | None = Field(None, ge=0, description="The tab number (from 0) to switch to or close.")


async def handle(state: McpState, p: Params) -> str:
    session = await state.session()
    if p.action == "switch" and p.tab is not None:
        return report(state, await state.run_skill("switch_tab", tab=p.tab))
    if p.action == "close":
        return report(state, await state.run_skill("close_tab", tab=p.tab))
    if p.action == "switch":
        raise ValueError("say which tab to switch to (tab: a number from 0)")
    lines = [f"{t.index}: {t.title} — {t.url}" + (" (current)" if t.current else "")
             for t in await session.tab_list()]  # fmt: skip
    return untrusted("\n".join(lines))


TOOL = McpTool(name="tabs", description="List the browser's tabs, or switch to or close one by number.",
               params=Params, handler=handle)
