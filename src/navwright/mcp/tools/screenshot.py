"""screenshot: a PNG of the current tab's viewport (or the whole page)."""

from __future__ import annotations

import asyncio

from mcp.server.mcpserver.utilities.types import Image
from pydantic import BaseModel, Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool

TIMEOUT_S = 15.0


class Params(BaseModel):
    full_page: bool = Field(False, description="The whole page instead of what is in view.")


async def handle(state: McpState, p: Params) -> Image:
    session = await state.session()
    data = await asyncio.wait_for(session.page.screenshot(full_page=p.full_page, type="png"), TIMEOUT_S)
    return Image(data=data, format="png")


TOOL = McpTool(name="screenshot", description="Take a PNG screenshot of the current tab.",
               params=Params, handler=handle, returns=Image, read_only=True)
