"""Traces of the development suite's runs: one JSON-lines file per task with the run's events and every
model call (the user message it read and the answer it gave), to see why a task failed.

`bench tasks --out DIR` writes them to `DIR/traces/<task-id>[-<run>].jsonl`. The events and the
prompts come already masked by the agent (secrets are `{{NAME}}`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from navwright.agent.events import Event
from navwright.models.base import ChatModel, Completion, Message, ModelStats


class TraceFile:
    """The file the current task writes to; `open(path)` moves to the next task's file."""

    def __init__(self) -> None:
        self.path: Path | None = None

    def open(self, path: Path | None) -> None:
        self.path = path
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        if self.path is None:
            return
        try:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record, default=str) + "\n")
        except OSError:  # a trace that cannot be written must not fail the task
            return


class TraceSink:
    """An EventSink that writes each event of the run to the trace."""

    def __init__(self, trace: TraceFile) -> None:
        self.trace = trace

    def emit(self, event: Event) -> None:
        self.trace.write(event.model_dump(mode="json"))


class TracedModel:
    """A ChatModel that writes each call's last message and answer to the trace."""

    def __init__(self, inner: ChatModel, trace: TraceFile) -> None:
        self.inner = inner
        self.trace = trace
        self.name = inner.name
        self.stats: ModelStats = inner.stats
        """The inner model's own running totals (the same object)."""

    async def complete(
        self, messages: list[Message], schema: type[BaseModel] | None = None, *, max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:  # fmt: skip
        completion = await self.inner.complete(messages, schema, max_tokens=max_tokens,
                                               temperature=temperature)
        self.trace.write({
            "type": "model_io", "schema": schema.__name__ if schema else None,
            "system": messages[0].content if messages and messages[0].role == "system" else "",
            "prompt": messages[-1].content if messages else "", "answer": completion.content,
            "prompt_tokens": completion.usage.prompt_tokens, "seconds": round(completion.seconds, 2),
        })  # fmt: skip
        return completion
