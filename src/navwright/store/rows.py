"""What the store hands back: plain pydantic rows."""

from __future__ import annotations

from pydantic import BaseModel

INTERRUPTED = "interrupted"


class RunRow(BaseModel):
    """One run as listed. `status` is `interrupted` for a run whose process died before it finished."""

    id: str
    task: str
    url: str | None = None
    status: str
    answer: str = ""
    started: float
    finished: float | None = None
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens: int = 0
    seconds: float = 0.0
    pid: int | None = None


class ModelCallRow(BaseModel):
    run_id: str
    role: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    ok: bool = True


class ScreenshotRow(BaseModel):
    run_id: str
    path: str
    caption: str = ""


class StoreError(Exception):
    """A store request that cannot be answered; the message says why in words."""


class AmbiguousRunId(StoreError):
    """An id prefix that matches more than one run."""

    def __init__(self, prefix: str, matches: list[str]) -> None:
        shown = ", ".join(matches[:5]) + (" …" if len(matches) > 5 else "")
        super().__init__(f"'{prefix}' matches {len(matches)} runs ({shown}); give more of the id.")
        self.matches = matches
