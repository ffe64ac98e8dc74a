"""press_key: press a key or combination, optionally on an element (by id, with its label)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.mcp.tools.elements import ElementRef, check_label, report


class Params(BaseModel):
    key: str = Field(min_length=1, description="Key or combination: Enter, Escape, ArrowDown, Control+A.")
    element: str | None = Field(None, description="The id of the element to focus first (from observe).")
    label: str = Field("", description="That element's label as observe showed it.")


async def handle(state: McpState, p: Params) -> str:
    element = None
    if p.element:
        ref = ElementRef(element=p.element, label=p.label)
        check_label(state, ref)
        element = ref.element
    return report(state, await state.run_skill("press_key", key=p.key, element=element))


TOOL = McpTool(name="press_key", description="Press a key or combination, on an element (id and label "
               "from observe) or the page; returns what changed.", params=Params, handler=handle)
