"""Typed ends of steps and runs. A run ends with a RunResult; a step with a StepReport."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from navwright.agent.events import StepStatus

RunOutcome = Literal["success", "failed", "needs_user", "stopped"]


class StepReport(BaseModel):
    """How a navigator step ended, in facts the planner checks against the request."""

    status: StepStatus
    summary: str
    answer: str = ""
    evidence: str = ""
    url: str = ""


class RunResult(BaseModel):
    status: RunOutcome
    answer: str = ""
    steps: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    run_id: str = ""
    error: str | None = None


class RunEnded(Exception):
    """Unwinds the run to the controller with its outcome."""

    def __init__(self, status: RunOutcome, message: str, answer: str = "") -> None:
        super().__init__(message)
        self.status: RunOutcome = status
        self.message = message
        self.answer = answer


class Stopped(RunEnded):
    def __init__(self, message: str = "stopped on request") -> None:
        super().__init__("stopped", message)


class NeedsUser(RunEnded):
    def __init__(self, message: str) -> None:
        super().__init__("needs_user", message)


class StepInterrupted(Exception):
    """The person edited the task: the current step ends and the planner re-plans."""
