"""answer_question: answer what a task run asked (data it needs, or yes/no to a confirmation)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.mcp.runs import TaskReply
from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool


class Params(BaseModel):
    run_id: str = Field(description="The run id run_task gave.")
    answer: str = Field(description="The answer; 'yes' or 'no' for a confirmation.")
    wait_s: float = Field(120, ge=0, le=600, description="Seconds to wait for the run to end or ask again.")


async def handle(state: McpState, p: Params) -> TaskReply:
    run = state.runs.get(p.run_id)
    if not run.user.answer(p.answer):
        raise ValueError(f"run {p.run_id} is not waiting for an answer (status: {run.reply().status})")
    return await run.wait(p.wait_s)


TOOL = McpTool(
    name="answer_question", description="Answer the question a task run is waiting on; returns its "
    "status after that.", params=Params, handler=handle, returns=TaskReply,
)  # fmt: skip
