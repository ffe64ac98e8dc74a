"""type_text: type into a field by id (with its label), answer with what changed."""

from __future__ import annotations

from pydantic import Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import ElementRef, check_label, report


class Params(ElementRef):
    text: str = Field(description="The text to type (it replaces the field's text).")
    enter: bool = Field(False, description="Press Enter after typing.")


async def handle(state: McpState, p: Params) -> str:
    check_label(state, p)
    return report(state, await state.run_skill("type_text", element=p.element, text=p.text, enter=p.enter))


TOOL = McpTool(name="type_text", description="Type text into a field by its id and label from observe; "
               "returns what changed (suggestions that appear are listed).", params=Params, handler=handle)
