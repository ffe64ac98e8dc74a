"""navigate: open a URL in the current tab (or go back), answer with what the page shows."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import report


class Params(BaseModel):
    url: str = Field("", description="The URL to open; empty with back=true goes back.")
    back: bool = Field(False, description="Go back to the previous page instead.")


async def handle(state: McpState, p: Params) -> str:
    if p.back:
        return report(state, await state.run_skill("go_back"))
    if not p.url.strip():
        raise ValueError("say which URL to open (or back=true)")
    opened = await state.run_skill("open_url", url=p.url.strip())
    if not opened.ok and opened.error:  # not opened (the fence, a bad address): an error, in words
        raise ValueError(opened.error)
    return report(state, opened)


TOOL = McpTool(name="navigate", description="Open a URL in the browser's current tab, or go back; "
               "returns what the page shows next.", params=Params, handler=handle)
