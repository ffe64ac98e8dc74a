"""Secrets: the model sees `{{NAME}}`; values are masked in everything the agent emits."""

from __future__ import annotations

import json
from collections.abc import Mapping

from navwright.agent.events import EVENT_ADAPTER, Event


class Masker:
    """One masking function for events, prompt text and results."""

    def __init__(self, secrets: Mapping[str, str] | None = None) -> None:
        items = [(name, value) for name, value in (secrets or {}).items() if value]
        self._items = sorted(items, key=lambda item: len(item[1]), reverse=True)

    @property
    def names(self) -> list[str]:
        return sorted(name for name, _ in self._items)

    def text(self, text: str) -> str:
        for name, value in self._items:
            text = text.replace(value, "{{" + name + "}}")
        return text

    def event(self, event: Event) -> Event:
        if not self._items:
            return event
        raw = event.model_dump_json()
        for name, value in self._items:
            escaped = json.dumps(value)[1:-1]
            raw = raw.replace(escaped, "{{" + name + "}}").replace(value, "{{" + name + "}}")
        return EVENT_ADAPTER.validate_json(raw)
