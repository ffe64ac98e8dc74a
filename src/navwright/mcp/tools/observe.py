"""observe: the page distilled into lines, each interactive element with its id."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.browser.observe import observe
from navwright.browser.render import render_observation
from navwright.browser.types import ObserveMode
from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool, untrusted


class Params(BaseModel):
    mode: ObserveMode = Field("all", description="text (readable text), fields (inputs, buttons, links), "
                              "or all (both, in page order).")  # fmt: skip
    budget_tokens: int = Field(2000, ge=100, le=20000, description="Most tokens of page text to return.")


async def handle(state: McpState, p: Params) -> str:
    session = await state.session()
    if p.mode == "all":  # kept as the tab's last look: the next action reports changes since this view
        obs = (await session.views.look(session.page)).within(p.budget_tokens)
    else:
        obs = await observe(session.page, p.mode, budget_tokens=p.budget_tokens)
    state.remember(obs)
    return untrusted(render_observation(obs))


TOOL = McpTool(name="observe", description="Read the current page: its text and its interactive elements, "
               "each as [id] role \"label\"; use the ids and labels with click, type_text, select_option "
               "and press_key.", params=Params, handler=handle, read_only=True)
