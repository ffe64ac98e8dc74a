"""A real `navwright serve` app under uvicorn on 127.0.0.1, with models the test scripts by name.

A request names its script as its model: `{"model": "openai:NAME"}` runs the model that
`book[NAME]()` makes (the app factory's model factory; no embedded model, no network).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel
from script import ROLES, Script, actions, ask, done, eid, web_step

from navwright.build import Models
from navwright.config import Settings
from navwright.models.base import ChatModel, Completion, Message, ModelStats
from navwright.models.factory import ModelPool
from navwright.server import ServerConfig, create_app
from navwright.server.main import uvicorn_server

ModelBook = dict[str, Callable[[], ChatModel]]


def buy_script(site: str) -> Script:
    """A run that asks the person a question, then clicks a button that needs their approval."""
    return Script(
        planner=[ask("Which name goes on the order?"), web_step("Buy the blue mug", site=f"{site}/buy.html")],
        navigator=[lambda p: actions({"name": "click", "element": eid(p, "Buy now")}),
                   lambda p: actions(done("Order placed" if "Order placed" in p else "nothing happened"))],
    )  # fmt: skip  (after the approved click the page's "Order placed" ends the run: no check call)


def buy_answering(client: httpx.Client, model: str, timeout: float = 60) -> list[dict[str, Any]]:
    """Run `buy_script` with `model`: answer its question (Grace), approve the click; the run as it
    asked, as it asked for approval and as it ended, then its events."""
    run_id = client.post("/runs", json={"task": "Buy me the blue mug", "model": model}).json()["id"]
    asked = wait_for(client, run_id, "waiting_for_user", timeout=timeout)
    client.post(f"/runs/{run_id}/answer", json={"text": "Grace"}).raise_for_status()
    confirm = wait_until(client, run_id, lambda run: (run["question"] or {}).get("kind") == "confirm",
                         timeout=timeout)  # fmt: skip
    client.post(f"/runs/{run_id}/answer", json={"approve": True}).raise_for_status()
    run = wait_for(client, run_id, "success", "failed", timeout=timeout)
    return [asked, confirm, run, *(json.loads(d) for _, _, d in sse_events(client, run_id))]


def book_models(book: ModelBook) -> Callable[[Settings], Models]:
    def make(settings: Settings) -> Models:
        name = settings.models.planner.model or ""
        if name not in book:
            raise ValueError(f"no scripted model named {name!r}")
        model = book[name]()
        return Models(model, model, ModelPool())

    return make


class Gated:
    """A model stand-in that answers only when the test opens its gate (one answer per opening).
    It waits without blocking the server's event loop, so the run can be paused or stopped meanwhile.
    The reader's call (once a run, scripted by default) goes through ungated."""

    def __init__(self, inner: ChatModel) -> None:
        self.inner, self.name, self.stats = inner, "gated", ModelStats()
        self.waiting = threading.Event()
        self.gate = threading.Event()

    async def complete(
        self, messages: list[Message], schema: type[BaseModel] | None = None, *, max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> Completion:  # fmt: skip
        if schema is not None and ROLES.get(schema.__name__) == "reader":
            done = await self.inner.complete(messages, schema, max_tokens=max_tokens)
            self.stats.add(done)
            return done
        self.waiting.set()
        try:
            while not self.gate.is_set():
                await asyncio.sleep(0.01)
        except asyncio.CancelledError:  # a pause, an edit or a stop cancelled the call: it waits no more
            self.waiting.clear()
            raise
        self.gate.clear()
        done = await self.inner.complete(messages, schema, max_tokens=max_tokens)
        self.stats.add(done)
        return done

    def let_through(self, timeout: float = 20) -> None:
        assert self.waiting.wait(timeout), "the model was never asked"
        self.waiting.clear()
        self.gate.set()


class LiveServer:
    """uvicorn serving the app in a thread of its own (its own event loop), on a free port."""

    def __init__(self, db: Path, book: ModelBook, **config: object) -> None:
        settings = config.pop("settings", None) or Settings()
        config.setdefault("any_model", True)  # requests name their scripted models
        self.config = ServerConfig(settings=settings, db_path=db, models=book_models(book), **config)  # type: ignore[arg-type]
        self.app = create_app(self.config)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = uvicorn_server(self.app, "127.0.0.1", self.port)
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def start(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            assert time.monotonic() < deadline and self._thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(30)
        assert not self._thread.is_alive(), "the server did not stop"

    def client(self, **kw: object) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **kw)  # type: ignore[arg-type]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(client: httpx.Client, run_id: str, *states: str, timeout: float = 30) -> dict[str, Any]:
    """Poll GET /runs/{id} until its status is one of `states`; return the run."""
    return wait_until(client, run_id, lambda run: run["status"] in states, timeout=timeout)


def wait_until(
    client: httpx.Client, run_id: str, ready: Callable[[dict[str, Any]], bool], timeout: float = 30
) -> dict[str, Any]:
    """Poll GET /runs/{id} until `ready(run)`; return the run."""
    deadline = time.monotonic() + timeout
    while True:
        run: dict[str, Any] = client.get(f"/runs/{run_id}").json()
        if ready(run):
            return run
        assert time.monotonic() < deadline, f"run {run_id} never got there: {run}"
        time.sleep(0.05)


Frame = tuple[str, str, str]
"""One server-sent event: (id, event, data)."""


def sse_events(client: httpx.Client, run_id: str, **headers: str) -> list[Frame]:
    """The whole event stream of a run as (id, event, data) triples, read until the server closes it."""
    with client.stream("GET", f"/runs/{run_id}/events", headers=headers) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        return list(sse_frames(response.iter_lines()))


def sse_frames(lines: Iterator[str]) -> Iterator[Frame]:
    """Frames as they arrive on a stream's lines (so a test can read a run's events while it runs)."""
    current: dict[str, str] = {}
    for line in lines:
        if not line:
            if current:
                yield current.get("id", ""), current.get("event", "message"), current.get("data", "")
            current = {}
        elif not line.startswith(":"):
            key, _, value = line.partition(": ")
            current[key] = value


class Turnstile:
    """Makes script answers wait, in the model server's thread, until the test lets one through: a
    stand-in model in another process (a worker) that the test holds while it looks at the run."""

    def __init__(self) -> None:
        self.waiting = threading.Event()
        self.gate = threading.Event()
        self.opened = False

    def hold(self, answer: Any) -> Callable[[str], Any]:
        def held(prompt: str) -> Any:
            self.waiting.set()
            assert self.gate.wait(60), "the test never let this answer through"
            if not self.opened:
                self.gate.clear()
            return answer(prompt) if callable(answer) else answer

        return held

    def let_through(self, timeout: float = 60) -> None:
        assert self.waiting.wait(timeout), "the model was never asked"
        self.waiting.clear()
        self.gate.set()

    def open(self) -> None:
        """Let every held answer through from now on (so no model server thread is left waiting)."""
        self.opened = True
        self.gate.set()
