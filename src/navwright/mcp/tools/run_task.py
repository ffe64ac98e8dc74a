"""run_task: carry out a whole task with navwright's planner and navigator."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from navwright.agent.outcomes import RunResult
from navwright.build import Given, RunIO, TaskRequest
from navwright.build import run_task as run_one
from navwright.mcp.runs import McpUser, TaskReply
from navwright.mcp.state import McpState
from navwright.mcp.tool import McpTool
from navwright.models.base import ModelError
from navwright.store import RunStore


class Params(BaseModel):
    task: str = Field(min_length=1, description="What to do, in plain language.")
    url: str | None = Field(None, description="The page to start on.")
    wait_s: float = Field(120, ge=0, le=600, description="Seconds to wait for the answer before replying "
                          "'running' (then poll run_status).")  # fmt: skip

    @field_validator("task")
    @classmethod
    def _said(cls, task: str) -> str:
        if not task.strip():
            raise ValueError('the task is empty: say what to do, e.g. "Find the library\'s opening hours"')
        return task.strip()


async def handle(state: McpState, p: Params) -> TaskReply:
    async def work(user: McpUser) -> RunResult:
        try:
            models = state.models()
        except (ModelError, ValueError, OSError) as exc:
            return RunResult(status="failed", error=f"could not load the model: {exc}")
        with RunStore() as store:
            request = TaskRequest(task=p.task, url=p.url)
            return await run_one(state.settings, request, RunIO(sink=store, user=user), Given(models=models))

    return await state.runs.start(work).wait(p.wait_s)


TOOL = McpTool(
    name="run_task",
    description="Carry out a web task end to end in navwright's own browser (planner + navigator) and "
    "return its status, answer, evidence and run id. If it asks something, status is waiting_for_user: "
    "reply with answer_question.",
    params=Params, handler=handle, returns=TaskReply,
)  # fmt: skip
