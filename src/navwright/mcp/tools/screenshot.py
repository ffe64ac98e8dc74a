"""screenshot: a PNG of the current tab's viewport (or the whole page, its top MAX_HEIGHT_PX at most)."""

from __future__ import annotations

import asyncio

from mcp.server.mcpserver.utilities.types import Image
from playwright.async_api import FloatRect
from pydantic import BaseModel, Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool

TIMEOUT_S = 15.0
MAX_HEIGHT_PX = 8_000
"""A whole-page screenshot shows at most this much of the page (a long page would be megabytes)."""
MAX_PNG_BYTES = 2_500_000
"""Past this a screenshot is sent as a JPEG instead."""


class Params(BaseModel):
    full_page: bool = Field(False, description=f"The whole page instead of what is in view (its top "
                            f"{MAX_HEIGHT_PX:,} pixels at most).")  # fmt: skip


async def handle(state: McpState, p: Params) -> list[Image | str]:
    page = (await state.session()).page
    clip: FloatRect | None = None
    note = ""
    if p.full_page:
        height = int(await page.evaluate("document.documentElement.scrollHeight"))
        if height > MAX_HEIGHT_PX:
            width = page.viewport_size["width"] if page.viewport_size else 1280
            clip = FloatRect(x=0, y=0, width=width, height=MAX_HEIGHT_PX)
            note = (f"[the page is {height:,} pixels tall; this shows its top {MAX_HEIGHT_PX:,}. For the "
                    "rest, scroll (press_key PageDown) and take a screenshot of the view]")
    data = await asyncio.wait_for(page.screenshot(full_page=p.full_page, clip=clip, type="png"), TIMEOUT_S)
    shot = Image(data=data, format="png")
    if len(data) > MAX_PNG_BYTES:
        data = await asyncio.wait_for(page.screenshot(full_page=p.full_page, clip=clip, type="jpeg",
                                                      quality=60), TIMEOUT_S)  # fmt: skip
        shot = Image(data=data, format="jpeg")
    return [shot, note] if note else [shot]


TOOL = McpTool(name="screenshot", description="Take a PNG screenshot of the current tab.",
               params=Params, handler=handle, returns=list[Image | str], read_only=True)
