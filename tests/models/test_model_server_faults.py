"""A model server that is slow, never answers, sends garbage or refuses: bounded, named, reported."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from navwright.agent.decisions import PlannerReply
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.models.base import Message, ModelError, ModelUnavailable
from navwright.models.openai_compat import OpenAICompatModel, OpenAISettings

ASK = [Message(role="user", content="Click Save.")]


class Fault:
    """A server on 127.0.0.1 answering every POST after `delay_s` with `body` (None: never answers)."""

    def __init__(self, body: bytes | None, delay_s: float = 0.0) -> None:
        self.hits = 0
        fault = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                fault.hits += 1
                self.rfile.read(int(self.headers.get("content-length", "0")))
                time.sleep(delay_s if body is not None else 30)
                data = body or b""
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def fault() -> Iterator[list[Fault]]:
    started: list[Fault] = []
    yield started
    for f in started:
        f.stop()


def model(url: str, heard: list[str] | None = None, **kw: object) -> OpenAICompatModel:
    settings = OpenAISettings(model="m", base_url=url, backoff=0.05, **kw)  # type: ignore[arg-type]
    return OpenAICompatModel(settings, progress=(heard.append if heard is not None else None))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_a_server_that_never_answers_times_out_once_and_is_not_asked_again(fault: list[Fault]) -> None:
    fault.append(Fault(None))
    m = model(fault[0].url, timeout=1.0)
    start = time.monotonic()
    with pytest.raises(ModelUnavailable, match=r"did not answer within 1 s") as err:
        await m.complete(ASK)
    assert fault[0].url in str(err.value)
    with pytest.raises(ModelUnavailable):  # the next call fails at once
        await m.complete(ASK)
    assert time.monotonic() - start < 5 and fault[0].hits == 1


async def test_a_slow_server_within_the_timeout_is_waited_for(fault: list[Fault]) -> None:
    body = b'{"id":"1","object":"chat.completion","created":0,"model":"m","choices":[{"index":0,' \
           b'"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}'
    fault.append(Fault(body, delay_s=0.5))
    done = await model(fault[0].url, timeout=5.0).complete(ASK)
    assert done.content == "hi"


async def test_garbage_names_the_server_and_what_it_sent(fault: list[Fault]) -> None:
    fault.append(Fault(b"<html><h1>502 Bad Gateway</h1></html>"))
    with pytest.raises(ModelError) as err:
        await model(fault[0].url).complete(ASK)
    said = str(err.value)
    assert fault[0].url in said and "502 Bad Gateway" in said, said


async def test_a_refused_connection_is_retried_as_progress_and_reported_fast() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    heard: list[str] = []
    start = time.monotonic()
    with pytest.raises(ModelUnavailable, match="unreachable") as err:
        await model(url, heard).complete(ASK)
    assert time.monotonic() - start < 15
    assert url in str(err.value) and "after 2 retries" in str(err.value)
    said = f"model server {url} is unreachable (All connection attempts failed); retry {{}} of 2 in 0 s"
    assert heard == [said.format(1), said.format(2)]


async def test_an_unavailable_model_ends_the_callers_turn_without_a_repair_round() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    events: list[object] = []
    caller = Caller(model(url, max_retries=0), "planner", "r", events.append)
    with pytest.raises(BadAnswer, match=r"the planner model is not available: .*unreachable"):
        await caller.ask(ASK, PlannerReply, max_tokens=20)
    assert len(events) == 1


def test_the_defaults_are_small() -> None:
    s = OpenAISettings(model="m")
    assert (s.connect_timeout, s.timeout, s.max_retries) == (10.0, 120.0, 2)
