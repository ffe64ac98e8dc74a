"""An OpenAI-compatible chat server on 127.0.0.1 that answers from a `Script` (tests/agent/script.py):
the stand-in model for code that takes a model spec (`openai:scripted@URL`), such as `navwright.api.run`,
the MCP server or batch workers in other processes."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from script import ROLES, Script


class ScriptServer:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.errors: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                try:
                    status, content = 200, owner.answer(json.loads(self.rfile.read(length) or b"{}"))
                except AssertionError as exc:
                    owner.errors.append(str(exc))
                    status, content = 400, str(exc)
                body = json.dumps(_reply(content) if status == 200 else {"error": {"message": content}})
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body.encode())))
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def spec(self) -> str:
        return f"openai:scripted@http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def answer(self, body: dict[str, Any]) -> str:
        fmt = (body.get("response_format") or {}).get("json_schema") or {}
        role = ROLES.get(str(fmt.get("name", "")), "other")
        contents = [str(m.get("content", "")) for m in body.get("messages") or []]
        made = self.script.reply(role, contents, fmt.get("schema"))
        return json.dumps(made) if isinstance(made, dict) else made

    def __enter__(self) -> ScriptServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _reply(content: str) -> dict[str, Any]:
    return {
        "id": "c1", "object": "chat.completion", "created": 0, "model": "scripted",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }  # fmt: skip
