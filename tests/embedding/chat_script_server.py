"""An OpenAI-compatible chat server on 127.0.0.1 that answers from a `Script` (tests/agent/script.py):
the stand-in model for code that takes a model spec (`openai:scripted@URL`), such as `navwright.api.run`,
the MCP server or batch workers in other processes."""

from __future__ import annotations

import json
from typing import Any

from config_chat_server import FakeChat
from script import ROLES, Script


class ScriptServer(FakeChat):
    def __init__(self, script: Script) -> None:
        self.script = script
        super().__init__(self.answer)

    @property
    def spec(self) -> str:
        return f"openai:scripted@{self.base_url}"

    def answer(self, body: dict[str, Any]) -> str:
        fmt = (body.get("response_format") or {}).get("json_schema") or {}
        role = ROLES.get(str(fmt.get("name", "")), "other")
        contents = [str(m.get("content", "")) for m in body.get("messages") or []]
        made = self.script.reply(role, contents, fmt.get("schema"))
        return json.dumps(made) if isinstance(made, dict) else made

    def __enter__(self) -> ScriptServer:
        super().__enter__()
        return self
