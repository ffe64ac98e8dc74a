"""What the store hands back: plain pydantic rows."""

from __future__ import annotations

from pydantic import BaseModel

INTERRUPTED = "interrupted"
INTERRUPTED_REASON = "the process that ran it stopped before the run finished"


class RunRow(BaseModel):
    """One run as listed. `status` is `interrupted` for a run whose process died before it finished."""

    id: str
    task: str
    url: str | None = None
    status: str
    answer: str = ""
    reason: str = ""
    """Why a run that did not succeed ended, in words ("" for a success or when none was given)."""
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


class StoreDamaged(StoreError):
    """A run database SQLite cannot use (not a database, a damaged page); the message says how to
    recover (move the file aside)."""


class AmbiguousRunId(StoreError):
    """An id prefix that matches more than one run."""

    def __init__(self, prefix: str, matches: list[str]) -> None:
        shown = ", ".join(matches[:5]) + (" …" if len(matches) > 5 else "")
        super().__init__(f"'{prefix}' matches {len(matches)} runs ({shown}); give more of the id.")
        self.matches = matches
