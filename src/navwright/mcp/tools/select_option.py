"""select_option: choose an option of a select or listbox by id (with its label)."""

from __future__ import annotations

from pydantic import Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import ElementRef, check_label, report


class Params(ElementRef):
    option: str = Field(description="The option's label or value.")


async def handle(state: McpState, p: Params) -> str:
    check_label(state, p)
    return report(state, await state.run_skill("select_option", element=p.element, option=p.option))


TOOL = McpTool(name="select_option", description="Choose an option of a select, listbox or combobox by "
               "its id and label from observe; returns what changed.", params=Params, handler=handle)
