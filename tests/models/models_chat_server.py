"""A tiny chat-completions server on 127.0.0.1 that answers from a queue of scripted HTTP replies."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict -> JSON; str -> sent as is
    headers: dict[str, str] = field(default_factory=dict)


def chat_body(
    content: str, prompt_tokens: int = 10, completion_tokens: int = 5, cached: int = 0
) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "test-model",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "prompt_tokens_details": {"cached_tokens": cached},
        },
    }


def error_body(message: str, code: str = "error") -> dict[str, Any]:
    return {"error": {"message": message, "type": code, "code": code}}


class ChatServer:
    """Serves scripted replies in order; `requests` keeps each request's JSON body and headers."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                server.requests.append(json.loads(self.rfile.read(length) or b"{}"))
                server.headers.append({k.lower(): v for k, v in self.headers.items()})
                reply = (
                    server.replies.pop(0) if server.replies else Reply(500, error_body("no reply scripted"))
                )
                data = reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
                self.send_response(reply.status)
                ctype = "text/plain" if isinstance(reply.body, str) else "application/json"
                self.send_header("content-type", ctype)
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.send_header("content-length", str(len(data.encode())))
                self.end_headers()
                self.wfile.write(data.encode())

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def start(self) -> ChatServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
