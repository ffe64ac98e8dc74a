"""Every transition of a run is one of these pydantic events.

The agent emits them to an `EventSink`; the CLI prints them, the store saves them, a benchmark
counts them. The agent knows nothing of who listens.
"""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, Field, TypeAdapter

from navwright.agent.grounding import Evidence
from navwright.agent.judge.verdict import Check

RunStatus = Literal["running", "paused", "waiting_for_user", "finished", "failed", "stopped", "needs_user"]
StepStatus = Literal["done", "failed", "needs_user"]


class _Event(BaseModel):
    run_id: str
    ts: float = Field(default_factory=time.time)


class RunStarted(_Event):
    type: Literal["run_started"] = "run_started"
    task: str
    url: str | None = None
    allowed_domains: list[str] = Field(default_factory=list)


class PlanUpdated(_Event):
    """A planner decision: web_step, ask_user, finish or give_up."""

    type: Literal["plan_updated"] = "plan_updated"
    decision: Literal["web_step", "ask_user", "finish", "give_up"]
    thought: str = ""
    detail: dict[str, Any] = Field(default_factory=dict)


class StepStarted(_Event):
    type: Literal["step_started"] = "step_started"
    step: int
    site: str = ""
    request: str


class ModelCalled(_Event):
    type: Literal["model_called"] = "model_called"
    role: Literal["planner", "navigator", "reader", "verifier"]
    model: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    ok: bool = True
    error: str | None = None
    reused_tokens: int = 0
    """Prompt tokens not evaluated again: the model's KV cache or a saved prefix held them."""


class ActionDone(_Event):
    type: Literal["action_done"] = "action_done"
    step: int
    action: str
    params: dict[str, Any] = Field(default_factory=dict)
    ok: bool
    result: str
    url: str = ""
    ms: float = 0.0
    observe_ms: float = 0.0
    """Observation taken before the model chose this action (0 for later actions of a batch)."""


class StepFinished(_Event):
    type: Literal["step_finished"] = "step_finished"
    step: int
    status: StepStatus
    summary: str
    answer: str | None = None
    url: str = ""
    evidence: list[Evidence] = Field(default_factory=list)


class UserAsked(_Event):
    type: Literal["user_asked"] = "user_asked"
    question: str
    kind: Literal["data", "confirm"]


class UserAnswered(_Event):
    type: Literal["user_answered"] = "user_answered"
    answer: str


class StateChanged(_Event):
    type: Literal["state_changed"] = "state_changed"
    state: RunStatus


class TaskEdited(_Event):
    type: Literal["task_edited"] = "task_edited"
    task: str


class ScreenshotTaken(_Event):
    type: Literal["screenshot_taken"] = "screenshot_taken"
    path: str
    caption: str = ""


class WorkflowReplayed(_Event):
    """A learned workflow replayed with no model: started, or a step's action that did not match (the
    navigator does the rest of that step)."""

    type: Literal["workflow_replayed"] = "workflow_replayed"
    workflow: str
    status: Literal["started", "mismatch"]
    step: int = 0
    detail: str = ""


class RunFinished(_Event):
    type: Literal["run_finished"] = "run_finished"
    status: Literal["success", "unverified", "failed", "needs_user", "stopped"]
    answer: str = ""
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    steps: int = 0
    error: str | None = None
    evidence: list[Evidence] = Field(default_factory=list)
    checks: list[Check] = Field(default_factory=list)
    """Why the run ended as it did: each check of its verdict (agent/judge/)."""


Event = Annotated[
    RunStarted
    | PlanUpdated
    | StepStarted
    | ModelCalled
    | ActionDone
    | StepFinished
    | UserAsked
    | UserAnswered
    | StateChanged
    | TaskEdited
    | ScreenshotTaken
    | WorkflowReplayed
    | RunFinished,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


class EventSink(Protocol):
    """Whoever listens to a run: printer, store, benchmark. Must not raise."""

    def emit(self, event: Event) -> None: ...
