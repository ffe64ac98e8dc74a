"""What the HTTP API reads and writes: pydantic models, so a malformed body never reaches the agent."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from navwright.agent.grounding import Evidence
from navwright.agent.judge.verdict import Check

QUEUED = "queued"
STARTING = "starting"
MAX_SECRETS = 500
"""Secrets one run may carry (each is masked in everything the run shows)."""
MAX_SECRET_CHARS = 4096


def has_words(task: str) -> str:
    if not task.strip():
        raise ValueError("the task is empty: say what to do")
    return task.strip()


TaskText = Annotated[str, Field(min_length=1, max_length=4000), AfterValidator(has_words)]


class RunRequest(BaseModel):
    """A task to run, with the options of `navwright run`. Secrets are used, never returned."""

    model_config = ConfigDict(extra="forbid")

    task: TaskText = Field(description="What to do, in plain language.")
    url: str | None = Field(None, max_length=2000, description="Start page (http or https).")
    model: str | None = Field(
        None, description="Model for planner and navigator (embedded | openai:MODEL[@URL])."
    )
    planner_model: str | None = None
    navigator_model: str | None = None
    max_steps: int | None = Field(None, ge=1, le=100)
    yes: bool = Field(False, description="Approve every confirmation.")
    headed: bool = Field(False, description="Show the browser window on the server's screen.")
    profile: str | None = Field(None, description="Browser profile: start from and keep its logins.")
    secrets: dict[str, str] = Field(
        default_factory=dict, description="NAME -> value; the model sees {{NAME}}."
    )
    allowed_domains: list[str] = Field(default_factory=list, description="Only these domains may be visited.")
    timeout_s: float | None = Field(None, gt=0, le=86_400, allow_inf_nan=False,
                                    description="Seconds the whole run may take (default: the server's).")
    without: list[str] = Field(default_factory=list, description="Named rules switched off.")


    @field_validator("url")
    @classmethod
    def _web_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        if not value.startswith(("http://", "https://")):
            raise ValueError("the start URL must begin with http:// or https://")
        return value

    @field_validator("model", "planner_model", "navigator_model")
    @classmethod
    def _blank_is_default(cls, value: str | None) -> str | None:
        return value.strip() or None if value is not None else None

    @field_validator("secrets")
    @classmethod
    def _secret_names(cls, value: dict[str, str]) -> dict[str, str]:
        if len(value) > MAX_SECRETS:
            raise ValueError(f"at most {MAX_SECRETS} secrets per run (got {len(value)})")
        for name, secret in value.items():
            if not name.isidentifier():
                raise ValueError(f"secret names are letters, digits and _: {name!r}")
            if not secret.strip():
                raise ValueError(f"secret {name} has no value")
            if len(name) > 100 or len(secret) > MAX_SECRET_CHARS:
                raise ValueError(f"secret {name[:100]}: names are at most 100 characters, values at most "
                                 f"{MAX_SECRET_CHARS}")  # fmt: skip
        return value

    @field_validator("allowed_domains")
    @classmethod
    def _domains(cls, value: list[str]) -> list[str]:
        domains = [d.strip() for d in value if d.strip()]
        if any(" " in d or "/" in d for d in domains):
            raise ValueError("allowed domains are host names such as example.com (no scheme, no path)")
        return domains


class TaskEdit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    task: TaskText



class AnswerRequest(BaseModel):
    """The answer to the run's question: `text` for a data question, `approve` for a confirmation."""

    model_config = ConfigDict(extra="forbid")

    text: str | None = Field(None, max_length=4000)
    approve: bool | None = None

    @model_validator(mode="after")
    def _one_of(self) -> AnswerRequest:
        if (self.text is None) == (self.approve is None):
            raise ValueError("send either text (an answer) or approve (true or false), not both")
        if self.text is not None and not self.text.strip():
            raise ValueError("the answer is empty")
        return self


class Question(BaseModel):
    question: str
    kind: Literal["data", "confirm"]


class RunSummary(BaseModel):
    """One run as listed: live ones from the server, past ones from the store."""

    id: str
    task: str
    url: str | None = None
    status: str
    """queued, starting (models and browser), running, paused, waiting_for_user, then success, unverified,
    failed, stopped or needs_user; interrupted: the process that ran it died."""
    answer: str = ""
    reason: str = ""  # why a run that did not succeed ended, in words (the store's reason column)
    started: float | None = None
    finished: float | None = None
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    queue_position: int | None = None
    """1 for the next run to start, while the run waits for a free slot."""
    live: bool = False
    """Run by this server since it started (pause, stop, edit and answer apply)."""


class ActionView(BaseModel):
    action: str
    params: dict[str, Any] = Field(default_factory=dict)
    ok: bool
    result: str
    url: str = ""


class StepView(BaseModel):
    step: int
    site: str = ""
    goal: str
    status: str | None = None
    """done, failed or needs_user once the step has ended."""
    summary: str = ""
    answer: str | None = None
    url: str = ""
    screenshot: str | None = None
    """The URL of the page as the step left it."""
    actions: list[ActionView] = Field(default_factory=list)


class RunDetail(RunSummary):
    steps: list[StepView] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    checks: list[Check] = Field(default_factory=list)
    """The checks of the run's verdict: what each found, and the line it rests on."""
    error: str | None = None
    question: Question | None = None
    """The question waiting for an answer (POST /runs/{id}/answer)."""
    screenshots: list[str] = Field(default_factory=list)
    events: int = 0


class Accepted(BaseModel):
    id: str
    status: str
    queue_position: int | None = None


class Info(BaseModel):
    default_model: str
    """What runs use unless a request names a model."""
    max_concurrent_runs: int
    running: int
    queued: int


class Problem(BaseModel):
    detail: str
