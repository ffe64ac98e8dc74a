"""Record real model answers into a cassette and replay them, so tests never call a live model by accident.

A cassette is a JSON-lines file; each line is one `CassetteEntry`, keyed by the sha256 of the model
name, the messages and the schema's JSON. Modes:

- `replay`: answer only from the cassette; a miss raises `ReplayMiss` naming the key.
- `record`: always ask the inner model and (re)write its answer.
- `auto`: replay hits, ask the inner model on a miss and record it.

Without an explicit mode, `NAVWRIGHT_RECORD=1` means `auto`, `NAVWRIGHT_RECORD=all` means `record`, and
anything else means `replay`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ValidationError

from navwright.models.base import ChatModel, Completion, Message, ModelError, ModelStats, Usage
from navwright.models.structured import parse_answer, schema_json

Mode = Literal["replay", "record", "auto"]
RECORD_ENV = "NAVWRIGHT_RECORD"


class CassetteEntry(BaseModel):
    key: str
    model: str
    schema_name: str | None = None
    last_message: str = ""
    content: str
    usage: Usage = Usage()
    seconds: float = 0.0


class ReplayMiss(ModelError):
    """No recorded answer for this exact call."""


def call_key(model: str, messages: list[Message], schema: type[BaseModel] | None) -> str:
    blob = {
        "model": model,
        "messages": [m.model_dump() for m in messages],
        "schema": schema_json(schema) if schema is not None else None,
    }
    return hashlib.sha256(json.dumps(blob, sort_keys=True).encode()).hexdigest()


def mode_from_env() -> Mode:
    value = os.environ.get(RECORD_ENV, "").strip().lower()
    if value == "all":
        return "record"
    return "auto" if value in ("1", "true", "yes") else "replay"


class ReplayModel:
    """A ChatModel that answers from `cassette`, asking `inner` only when the mode allows."""

    def __init__(
        self,
        cassette: Path,
        inner: ChatModel | None = None,
        mode: Mode | None = None,
        *,
        model_name: str | None = None,
    ) -> None:
        self.cassette = cassette
        self.inner = inner
        self.mode: Mode = mode or mode_from_env()
        if self.mode != "replay" and inner is None:
            raise ModelError(f"replay mode {self.mode!r} needs a real model to record from")
        self._model_name = model_name
        self._entries: dict[str, CassetteEntry] | None = None
        self.stats = ModelStats()
        self.name = f"replay:{self.key_name}" if inner is None else inner.name

    @property
    def key_name(self) -> str:
        """The model name that keys are made with: the inner model's, else the given or recorded one."""
        if self.inner is not None:
            return self.inner.name
        if self._model_name is not None:
            return self._model_name
        names = {e.model for e in self._load().values()}
        return names.pop() if len(names) == 1 else ""

    def _load(self) -> dict[str, CassetteEntry]:
        if self._entries is None:
            self._entries = {}
            if self.cassette.is_file():
                for n, line in enumerate(self.cassette.read_text().splitlines(), 1):
                    if not line.strip():
                        continue
                    try:
                        entry = CassetteEntry.model_validate_json(line)
                    except ValidationError:
                        raise ModelError(f"cassette {self.cassette} line {n} is not a valid entry") from None
                    self._entries[entry.key] = entry
        return self._entries

    def _save(self, entry: CassetteEntry) -> None:
        entries = self._load()
        replacing = entry.key in entries
        entries[entry.key] = entry
        self.cassette.parent.mkdir(parents=True, exist_ok=True)
        if replacing:
            text = "".join(e.model_dump_json() + "\n" for e in entries.values())
            tmp = self.cassette.with_suffix(self.cassette.suffix + ".tmp")
            tmp.write_text(text)
            tmp.replace(self.cassette)
        else:
            with self.cassette.open("a") as f:
                f.write(entry.model_dump_json() + "\n")

    def _miss(self, key: str, messages: list[Message]) -> ReplayMiss:
        last = messages[-1].content[:60].replace("\n", " ") if messages else ""
        return ReplayMiss(
            f"no recorded answer {key[:12]} (model {self.key_name!r}, last message {last!r}) in "
            f"{self.cassette}; record it with {RECORD_ENV}=1 and a real model"
        )

    async def complete(
        self,
        messages: list[Message],
        schema: type[BaseModel] | None = None,
        *,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:
        key = call_key(self.key_name, messages, schema)
        entry = None if self.mode == "record" else self._load().get(key)
        if entry is None:
            if self.mode == "replay" or self.inner is None:
                raise self._miss(key, messages)
            real = await self.inner.complete(messages, schema, max_tokens=max_tokens, temperature=temperature)
            entry = CassetteEntry(
                key=key, model=self.key_name, schema_name=schema.__name__ if schema else None,
                last_message=messages[-1].content[:200] if messages else "", content=real.content,
                usage=real.usage, seconds=real.seconds,
            )  # fmt: skip
            self._save(entry)
        completion = Completion(content=entry.content, usage=entry.usage, seconds=0.0, model=entry.model)
        self.stats.add(completion)
        if schema is not None:
            completion.parsed = parse_answer(entry.content, schema)
        return completion
