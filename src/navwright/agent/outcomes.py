"""Typed ends of steps and runs. A run ends with a RunResult; a step with a StepReport."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from navwright.agent.events import StepStatus
from navwright.agent.grounding import Evidence
from navwright.agent.judge.verdict import Check

RunOutcome = Literal["success", "unverified", "failed", "needs_user", "stopped"]
"""`success`: code checked the answer or the change (see `checks`); `unverified`: the run's best answer,
with what could not be confirmed in `error`; `failed`; `needs_user`: only the person can go on;
`stopped`: stopped on request."""


class StepReport(BaseModel):
    """How a navigator step ended, in facts the planner checks against the request."""

    status: StepStatus
    summary: str
    answer: str = ""
    evidence: list[Evidence] = Field(default_factory=list)
    """Where the facts of the answer were seen (URL and line)."""
    url: str = ""
    changed_state: bool = False
    """An action that changes the page worked in this step and the page visibly answered it."""
    site_changes: int = 0
    """Actions of this step that changed what the site holds (a save, a send, a commitment)."""
    actions: int = 0
    """Actions this step ran on the page (code's and the model's)."""
    refused: str = ""
    """What the page said against the step's last action ("No search results.", a field it refused)."""
    about_task: bool = False
    """The answer is code's reading for the person's whole task, whatever the step asked: the reader's
    answer to the task, a comparison's pick, the page's confirmation of the commitment."""
    doubt: str = ""
    """Why code doubted the answer when it read it: the step ended on the best answer it held, not on
    one it confirmed (the verdict's `answer_doubted` check fails it)."""
    counted: bool = False
    """The answer is a count code made of the records a list marks (agent/counting.py)."""


class RunResult(BaseModel):
    status: RunOutcome
    answer: str = ""
    evidence: list[Evidence] = Field(default_factory=list)
    """Where each fact of the answer was seen: the URL and the observed line."""
    steps: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    run_id: str = ""
    error: str | None = None
    checks: list[Check] = Field(default_factory=list)
    """The verdict's checks: what each check found, with the line it rests on."""


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
