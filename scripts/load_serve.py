"""Load figure for `navwright serve`: concurrent run requests with many secrets, and many live followers.

    .venv/bin/python scripts/load_serve.py [--runs 50] [--secrets 100] [--followers 200] [--limit-s 180]

It starts a server in a child process (the app of `navwright serve`, on 127.0.0.1, with a scripted
model that answers after a short think, so runs proceed without an LLM: each opens its browser, reads
a local page in one step and finishes). Then, at once: `--runs` POST /runs, each with `--secrets`
secrets; `--followers` clients following the runs' event streams (GET /runs/{id}/events); a few
pollers reading GET /runs/{id}, /runs and /info until every run ends (or `--limit-s` passes). It
prints how long each kind of request took to be answered (response headers), p50 / p99 / max, how the
runs ended, and exits 1 when the p99 over all requests is 1 s or more. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets as random_secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx

PAGE = "<!doctype html><title>Load page</title><h1>Welcome</h1><p>The greeting is: hello load.</p>"
TARGET_S = 1.0
ENDED = {"success", "unverified", "failed", "stopped", "needs_user"}


# --- the server side (child process) ------------------------------------------------------------


def answers(think_s: float, page: str) -> Any:
    """A per-run scripted model: one web step on the page, the navigator reads it, then finish."""
    from navwright.models.scripted import ScriptedModel

    planned = {"done": False}
    finish = {"decision": {"kind": "finish", "thought": "done", "answer": "The greeting is: hello load.",
                           "evidence": "The greeting is: hello load."}}  # fmt: skip
    step = {"decision": {"kind": "web_step", "thought": "read it", "site": page,
                         "request": "Read the greeting on the page"}}  # fmt: skip

    def reply(_messages: list[Any], schema: Any) -> dict[str, Any]:
        name = schema.__name__ if schema is not None else ""
        if name in ("PlannerReply", "RetryReply"):
            first, planned["done"] = not planned["done"], True
            return step if first else finish
        replies: dict[str, dict[str, Any]] = {
            "NavigatorReply": {"thought": "read", "actions": [
                {"name": "finish", "status": "done", "answer": "The greeting is: hello load."}]},
            "CheckReply": finish, "ReaderReply": {"kind": "action", "answer": ""},
            "FormPlan": {"fields": {}}, "VerifyReply": {"shows": "yes"},
        }  # fmt: skip
        return replies.get(name, {})

    class Thinking(ScriptedModel):
        async def complete(self, *args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(think_s)  # a model's latency, without blocking the server's loop
            return await super().complete(*args, **kwargs)

    return Thinking(reply, name="load")


def serve_child(port: int, db: Path, concurrent: int, think_s: float) -> None:
    from navwright.build import Models
    from navwright.config import Settings
    from navwright.models.factory import ModelPool
    from navwright.server import ServerConfig, create_app
    from navwright.server.main import uvicorn_server

    site = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Page, directory=str(db.parent)))
    (db.parent / "index.html").write_text(PAGE)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    page = f"http://127.0.0.1:{site.server_address[1]}/index.html"
    print(json.dumps({"page": page}), flush=True)

    def models(settings: Settings) -> Models:
        model = answers(think_s, page)
        return Models(model, model, ModelPool())

    config = ServerConfig(db_path=db, models=models, max_concurrent_runs=concurrent)
    server = uvicorn_server(create_app(config), "127.0.0.1", port)
    asyncio.run(_serve_watching(server, db.parent / "lag.json"))


async def _serve_watching(server: Any, out: Path) -> None:
    """Serve, and measure how late the server's event loop wakes a 50 ms sleep (what blocks it)."""
    lags: list[float] = []

    async def watch() -> None:
        for n in range(10_000_000):
            before = time.monotonic()
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - before - 0.05)
            if n % 20 == 0:
                out.write_text(json.dumps(lags))

    watcher = asyncio.create_task(watch())
    try:
        await server.serve()
    finally:
        watcher.cancel()


class _Page(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


# --- the load (this process) --------------------------------------------------------------------


class Timings:
    def __init__(self) -> None:
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.runs_started = 0
        self.runs_ended: dict[str, str] = {}
        self.events = 0


class Http:
    """A lean HTTP/1.1 client on asyncio streams (one connection a request), so that the load's own
    cost stays small next to the server's; times each request until its response headers."""

    def __init__(self, port: int, timings: Timings) -> None:
        self.port, self.t = port, timings

    async def open(self, kind: str, method: str, path: str, body: Any = None) -> Any:
        """(status, reader, writer) once the headers are in, or None (counted as an error)."""
        data = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nConnection: close\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")  # fmt: skip
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(head.encode() + data)
            status = int((await reader.readline()).split()[1])
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
        except (OSError, ValueError, IndexError):
            self.t.errors[kind] += 1
            return None
        self.t.seconds[kind].append(time.monotonic() - started)
        if status >= 400:
            self.t.errors[kind] += 1
        return status, reader, writer

    async def json(self, kind: str, method: str, path: str, body: Any = None) -> Any:
        opened = await self.open(kind, method, path, body)
        if opened is None:
            return None
        status, reader, writer = opened
        try:
            return json.loads(await reader.read()) if status < 400 else None
        except (OSError, ValueError):
            return None
        finally:
            writer.close()


async def start_runs(http: Http, n: int, k: int, page: str) -> list[str]:
    async def one(i: int) -> str | None:
        body = {"task": f"Read the greeting (load run {i})", "url": page, "max_steps": 3,
                "secrets": {f"S{j}": random_secrets.token_urlsafe(18) for j in range(k)}}  # fmt: skip
        accepted = await http.json("POST /runs", "POST", "/runs", body)
        return str(accepted["id"]) if accepted else None

    started = await asyncio.gather(*(one(i) for i in range(n)))
    return [run_id for run_id in started if run_id]


async def follow(http: Http, run_id: str, deadline: float) -> int:
    """Follow one run's events until its stream closes (or the deadline); the number of events."""
    opened = await http.open("GET /runs/{id}/events", "GET", f"/runs/{run_id}/events")
    if opened is None:
        return 0
    _, reader, writer = opened
    events = 0
    try:
        for _ in range(100_000):
            left = deadline - time.monotonic()
            line = await asyncio.wait_for(reader.readline(), max(left, 0.01))
            if not line:
                break
            events += line.startswith(b"data: ")
    except (TimeoutError, OSError):
        pass
    finally:
        writer.close()
    return events


async def poll(http: Http, runs: list[str], deadline: float) -> None:
    ended = http.t.runs_ended
    for n in range(100_000):  # bounded in count and by the deadline
        if time.monotonic() > deadline or len(ended) == len(runs):
            return
        run_id = runs[n % len(runs)]
        run = await http.json("GET /runs/{id}", "GET", f"/runs/{run_id}")
        if run and run["status"] in ENDED:
            ended[run_id] = run["status"]
        if n % 5 == 0:
            await http.json("GET /info", "GET", "/info")
            await http.json("GET /runs", "GET", "/runs?limit=20")
        await asyncio.sleep(0.1)


async def load(port: int, page: str, args: argparse.Namespace) -> Timings:
    http = Http(port, Timings())
    deadline = time.monotonic() + args.limit_s
    runs = await start_runs(http, args.runs, args.secrets, page)
    http.t.runs_started = len(runs)
    if runs:
        followers = [follow(http, runs[i % len(runs)], deadline) for i in range(args.followers)]
        pollers = [poll(http, runs, deadline) for _ in range(4)]
        results = await asyncio.gather(*followers, *pollers)
        http.t.events = sum(r for r in results if isinstance(r, int))
    return http.t


def report(t: Timings, args: argparse.Namespace, seconds: float) -> bool:
    every = [s for values in t.seconds.values() for s in values]
    print(f"serve load: {args.runs} POST /runs x {args.secrets} secrets, {args.followers} SSE followers, "
          f"max {args.concurrent} runs at once, model think {args.think_s} s; "
          f"{seconds:.1f} s in all")  # fmt: skip
    print(f"{'request':24} {'count':>6} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, values in sorted(t.seconds.items()):
        print(f"{kind:24} {len(values):6d} {t.errors.get(kind, 0):6d} {_ms(values, 50):8.0f} "
              f"{_ms(values, 99):8.0f} {max(values) * 1000:8.0f}")  # fmt: skip
    statuses = ", ".join(f"{s} {n}" for s, n in sorted(_count(t.runs_ended.values()).items()))
    print(f"runs: {t.runs_started} started, {len(t.runs_ended)} ended ({statuses or 'none'}); "
          f"{t.events} events streamed to followers")  # fmt: skip
    p99 = _ms(every, 99) / 1000 if every else float("inf")
    ok = p99 < TARGET_S and not sum(t.errors.values())
    print(f"all requests: {len(every)}, p99 {p99 * 1000:.0f} ms -> {'PASS' if ok else 'FAIL'} (target < 1 s, "
          "no errors)")  # fmt: skip
    return ok


def _ms(values: list[float], pct: int) -> float:
    if len(values) < 2:
        return (values[0] if values else 0.0) * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[pct - 1] * 1000


def _count(values: Any) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for v in values:
        out[v] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--secrets", type=int, default=100)
    parser.add_argument("--followers", type=int, default=200)
    parser.add_argument("--concurrent", type=int, default=4, help="the server's --max-concurrent-runs")
    parser.add_argument("--think-s", type=float, default=0.2, help="the scripted model's latency")
    parser.add_argument("--limit-s", type=float, default=180)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        serve_child(args.child, args.db, args.concurrent, args.think_s)
        return
    sys.exit(0 if run_load(args) else 1)


def run_load(args: argparse.Namespace) -> bool:
    from navwright.server.main import listen

    with listen("127.0.0.1", 0) as probe:
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as home:
        child = subprocess.Popen(
            [sys.executable, __file__, "--child", str(port), "--db", f"{home}/runs.db",
             "--concurrent", str(args.concurrent), "--think-s", str(args.think_s)],
            stdout=subprocess.PIPE, text=True, env={**_env(), "NAVWRIGHT_HOME": home},
        )  # fmt: skip
        try:
            assert child.stdout is not None
            page = json.loads(child.stdout.readline())["page"]
            _wait_up(f"http://127.0.0.1:{port}", child)
            started = time.monotonic()
            timings = asyncio.run(load(port, page, args))
            lags = json.loads((Path(home) / "lag.json").read_text() or "[]")
            print(f"server event loop: woke late by p50 {_ms(lags, 50):.0f} ms, p99 {_ms(lags, 99):.0f} ms, "
                  f"max {max(lags, default=0) * 1000:.0f} ms (over {len(lags)} 50 ms sleeps)")  # fmt: skip
            return report(timings, args, time.monotonic() - started)
        finally:
            child.terminate()
            try:
                child.wait(60)
            except subprocess.TimeoutExpired:
                child.kill()


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith("NAVWRIGHT_")}


def _wait_up(url: str, child: subprocess.Popen[str]) -> None:
    for _ in range(600):  # at most ~60 s
        if child.poll() is not None:
            raise SystemExit(f"the server stopped (exit {child.returncode})")
        try:
            httpx.get(f"{url}/info", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 60 s")


if __name__ == "__main__":
    main()
