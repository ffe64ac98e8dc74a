"""click: click an element by id (with its label), answer with what changed."""

from __future__ import annotations

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import ElementRef, check_label, report


class Params(ElementRef):
    pass


async def handle(state: McpState, p: Params) -> str:
    check_label(state, p)
    return report(state, await state.run_skill("click", element=p.element))


TOOL = McpTool(name="click", description="Click an element (link, button, checkbox, menu item) by its id "
               "and label from observe; returns what changed on the page.", params=Params, handler=handle)
