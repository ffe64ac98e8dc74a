"""The planner's decisions: one per call, a discriminated union the model fills."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field


class WebStep(BaseModel):
    """Do one thing on one website."""

    kind: Literal["web_step"]
    thought: str = Field(description="one short sentence")
    site: str = Field(default="", description="site name or URL; empty = stay on the current page")
    request: str = Field(description="what to do on that site, with every detail it needs")


class AskUser(BaseModel):
    """Ask the person for missing data or for approval."""

    kind: Literal["ask_user"]
    thought: str = Field(description="one short sentence")
    question: str
    ask: Literal["data", "confirm"] = "data"


class Finish(BaseModel):
    """The request is done: the answer for the person."""

    kind: Literal["finish"]
    thought: str = Field(description="one short sentence")
    answer: str
    evidence: str = Field(default="", description="where the answer comes from")


class GiveUp(BaseModel):
    """The request cannot be done: say why plainly."""

    kind: Literal["give_up"]
    thought: str = Field(description="one short sentence")
    reason: str


Decision = Annotated[WebStep | AskUser | Finish | GiveUp, Field(discriminator="kind")]


class PlannerReply(BaseModel):
    decision: Decision


class RetryReply(BaseModel):
    """After a failed step: try another way, answer, or give up (asking is for missing data only)."""

    decision: Annotated[WebStep | Finish | GiveUp, Field(discriminator="kind")]


class CheckReply(BaseModel):
    """The cheap check after a step that reported done: finish, or continue."""

    decision: Annotated[WebStep | Finish | GiveUp, Field(discriminator="kind")]
