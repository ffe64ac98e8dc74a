"""read_text: the readable text of the current page (or the lines that match a query)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import report


class Params(BaseModel):
    query: str = Field("", description="Only the lines of the page that match these words (empty: all).")


async def handle(state: McpState, p: Params) -> str:
    if p.query.strip():
        return report(state, await state.run_skill("find_in_page", terms=p.query.strip()))
    return report(state, await state.run_skill("read_page", mode="text"))


TOOL = McpTool(name="read_text", description="Read the current page's text, or only the lines that match "
               "a query (long pages and tables).", params=Params, handler=handle, read_only=True)
