"""What the embedded model was asked, kept so a recorded run's calls can be replayed (`bench model --run`).

Off by default (`[models] prompt_log = "PATH"`, or $NAVWRIGHT_PROMPT_LOG): the prompts hold the pages
the agent read, already masked (secrets are `{{NAME}}`). One JSON line per call, with the wall-clock
time it ended, so the calls of a run are those between the run's start and end in the run store.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from pydantic import BaseModel, ValidationError

from navwright.models.base import Completion, Message
from navwright.models.structured import schema_json

PROMPT_LOG_ENV = "NAVWRIGHT_PROMPT_LOG"


class PromptRecord(BaseModel):
    ts: float
    model: str
    messages: list[Message]
    schema_text: str | None = None
    max_tokens: int = 512
    prompt_tokens: int = 0
    reused_tokens: int = 0
    seconds: float = 0.0


def prompt_log_path(configured: Path | None) -> Path | None:
    """The configured file, else $NAVWRIGHT_PROMPT_LOG, else None (no log)."""
    if configured is not None:
        return configured.expanduser()
    value = os.environ.get(PROMPT_LOG_ENV, "").strip()
    return Path(value).expanduser() if value else None


def append_prompt(
    path: Path, messages: list[Message], schema: type[BaseModel] | None, max_tokens: int, done: Completion
) -> None:
    """Append one call; a log that cannot be written never fails the call."""
    record = PromptRecord(
        ts=time.time(), model=done.model, messages=messages, max_tokens=max_tokens,
        schema_text=json.dumps(schema_json(schema)) if schema is not None else None,
        prompt_tokens=done.usage.prompt_tokens, reused_tokens=done.usage.cached_tokens, seconds=done.seconds,
    )  # fmt: skip
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            out.write(record.model_dump_json() + "\n")
    except OSError:
        return


def read_prompts(path: Path, start: float, end: float) -> list[PromptRecord]:
    """The calls logged between `start` and `end` (seconds since the epoch), in order."""
    found: list[PromptRecord] = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            try:
                record = PromptRecord.model_validate_json(line)
            except ValidationError:
                continue  # a line cut short by a crash
            if start <= record.ts <= end:
                found.append(record)
    return found
