"""A batch file: one JSON object per line, `{"task": ..., "url": ..., "options": {...}, "id": ...}`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from navwright.agent.outcomes import RunOutcome


class BatchError(Exception):
    """A batch that cannot run (an unreadable file, a bad line); the message names the line."""


class BatchOptions(BaseModel):
    """Per-task settings over the batch's own."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    planner_model: str | None = None
    navigator_model: str | None = None
    max_steps: int | None = Field(None, ge=1)
    allowed_domains: list[str] = Field(default_factory=list)
    yes: bool | None = None
    profile: str | None = None
    timeout_s: float | None = Field(None, gt=0)
    """This task's time limit (else the batch's)."""


class BatchTask(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = ""
    """Names the task in the results; default: its line number ("line-3")."""
    task: str = Field(min_length=1)
    url: str | None = None
    options: BatchOptions = Field(default_factory=BatchOptions)


class BatchResult(BaseModel):
    """One line of `results.jsonl`."""

    id: str
    task: str
    status: RunOutcome | Literal["timeout", "error"]
    """success, failed, stopped, needs_user; "timeout" past the time limit; "error" when the worker
    could not run it."""
    answer: str = ""
    evidence: list[str] = Field(default_factory=list)
    error: str = ""
    seconds: float = 0.0
    model_calls: int = 0
    run_id: str = ""


def failed_to_run(task: BatchTask, message: str) -> BatchResult:
    """The result of a task its worker could not finish (the worker died, Ray failed)."""
    return BatchResult(id=task.id, task=task.task, status="error", error=message)


def read_tasks(path: Path) -> list[BatchTask]:
    """Every task of the file, ids filled in; BatchError names the first bad line or duplicate id."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BatchError(f"{path}: cannot read it: {exc}") from None
    tasks: list[BatchTask] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            task = BatchTask.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise BatchError(f"{path}:{number}: not a JSON object: {exc.msg}") from None
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "line"
            raise BatchError(f"{path}:{number}: {where}: {first['msg']}") from None
        tasks.append(task if task.id else task.model_copy(update={"id": f"line-{number}"}))
    ids = [t.id for t in tasks]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise BatchError(f"{path}: the id {twice[0]!r} is used by more than one task")
    if not tasks:
        raise BatchError(f"{path}: no tasks in it (one JSON object per line: task, url, options)")
    return tasks
