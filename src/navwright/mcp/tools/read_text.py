"""read_text: the readable text of the current page, a window of it at a time (or the lines that match
a query)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.mcp.limits import MAX_RESULT_CHARS, READ_CHARS, window
from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import report


class Params(BaseModel):
    query: str = Field("", description="Only the lines of the page that match these words (empty: the text).")
    offset: int = Field(0, ge=0, description="Where to start in the page text, in characters (a long "
                        "page's reply says the offset of its next part).")  # fmt: skip
    max_chars: int = Field(READ_CHARS, ge=500, le=MAX_RESULT_CHARS - 2_000,
                           description="The most characters of page text to return.")


async def handle(state: McpState, p: Params) -> str:
    if p.query.strip():
        return report(state, await state.run_skill("find_in_page", terms=p.query.strip()))
    result = await state.run_skill("read_page", mode="text")
    part = window(result.text or "", p.offset, p.max_chars)
    result.text = part.text
    note = part.note()
    return report(state, result) + (f"\n{note}" if note else "")


TOOL = McpTool(name="read_text", description="Read the current page's text, a part at a time (offset), "
               "or only the lines that match a query (long pages and tables).", params=Params,
               handler=handle, read_only=True)  # fmt: skip
