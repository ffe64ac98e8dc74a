"""run_status: where a task run stands (waiting a bounded time for it to end or ask)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.mcp.runs import TaskReply
from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool


class Params(BaseModel):
    run_id: str = Field(description="The run id run_task gave.")
    wait_s: float = Field(0, ge=0, le=600, description="Seconds to wait for the run to end or ask.")


async def handle(state: McpState, p: Params) -> TaskReply:
    return await state.runs.get(p.run_id).wait(p.wait_s)


TOOL = McpTool(
    name="run_status", description="Status of a task run: running, waiting_for_user (with its question), "
    "or finished with its answer and evidence.", params=Params, handler=handle, returns=TaskReply,
    read_only=True,
)  # fmt: skip
