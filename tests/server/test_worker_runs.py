"""`navwright serve --runner process`: each run executes in a worker process; its events stream back
live (SSE, the store, `GET /runs`), the person steers it as in-process, secrets stay masked, and a
worker that dies ends its run `failed` in words. The model is a script served over HTTP (the workers
are other processes)."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from chat_script_server import ScriptServer
from echo_worker import EchoOutcome
from line_support import die_then_live, job_after_idle_death
from script import Script, actions, done, eid, finish, web_step
from server_support import (
    LiveServer,
    ModelBook,
    Turnstile,
    buy_answering,
    buy_script,
    sse_events,
    sse_frames,
    wait_for,
)
from typer.testing import CliRunner

from navwright.cli import app
from navwright.models.scripted import ScriptedModel
from navwright.server.config import RunnerOptions
from navwright.store import RunStore

PRICE = "The blue mug costs $12.00."
SECRET = "tulip-4471"  # the access code tests/agent/fixtures/login.html lets in


def price_script(turnstile: Turnstile | None = None) -> Script:
    click = lambda p: actions({"name": "click", "element": eid(p, "Save for later")})  # noqa: E731
    return Script(navigator=[turnstile.hold(click) if turnstile else click, actions(done(PRICE))])


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("workers") / "runs.db"


@pytest.fixture(scope="module")
def workers(book: ModelBook, db: Path) -> Iterator[LiveServer]:
    live = LiveServer(db, book, runners=RunnerOptions(runner="process", workers=2)).start()
    yield live
    live.stop()


def worker_processes() -> list[multiprocessing.Process]:
    """The worker processes alive in this test process (the servers run in its threads)."""
    return [p for p in multiprocessing.active_children() if p.name.startswith("navwright-worker-")]


def types_of(frames: list[tuple[str, str, str]]) -> list[str]:
    return [json.loads(data)["type"] for _, _, data in frames]


def events_until(client: httpx.Client, run_id: str, kind: str) -> list[dict[str, Any]]:
    """The run's events up to the first of type `kind`, read live from its stream."""
    seen: list[dict[str, Any]] = []
    with client.stream("GET", f"/runs/{run_id}/events") as response:
        for _, _, data in sse_frames(response.iter_lines()):
            seen.append(json.loads(data))
            if seen[-1]["type"] == kind:
                return seen
    raise AssertionError(f"the run ended without a {kind} event: {seen}")


def test_a_run_in_a_worker_streams_its_events_live_and_ends_as_in_process(
    workers: LiveServer, server: LiveServer, book: ModelBook, site: str, db: Path
) -> None:
    turnstile = Turnstile()
    task = {"task": "What does the blue mug cost?", "url": f"{site}/buy.html"}
    with ScriptServer(price_script(turnstile)) as model, workers.client() as client:
        run_id = client.post("/runs", json={**task, "model": model.spec}).json()["id"]
        with client.stream("GET", f"/runs/{run_id}/events") as response:
            frames = sse_frames(response.iter_lines())
            early = []
            for frame in frames:
                early.append(frame)
                if json.loads(frame[2])["type"] == "step_started":
                    break
            assert turnstile.waiting.wait(60)  # the worker's model is held: the run cannot have ended
            listed = {r["id"]: r["status"] for r in client.get("/runs").json()}
            with RunStore(db) as store:
                stored = [e.type for e in store.events(run_id)]
            turnstile.let_through()
            late = list(frames)
        run = wait_for(client, run_id, "success", "failed")
        whole = sse_events(client, run_id)
        resumed = sse_events(client, run_id, **{"Last-Event-ID": "3"})
    book["price-here"] = lambda: ScriptedModel(price_script())
    with server.client() as client:
        here_id = client.post("/runs", json={**task, "model": "openai:price-here"}).json()["id"]
        here = wait_for(client, here_id, "success", "failed")
        here_frames = sse_events(client, here_id)
    assert types_of(early)[:2] == ["run_started", "state_changed"] and "step_started" in stored
    assert listed[run_id] == "running"
    assert early + late == whole and types_of(whole)[-1] == "run_finished"
    assert [int(i) for i, _, _ in whole] == list(range(1, len(whole) + 1)) and resumed == whole[3:]
    assert run["status"] == here["status"] == "success", run
    assert run["answer"] == here["answer"] == PRICE and run["evidence"] == here["evidence"]
    assert types_of(whole) == types_of(here_frames)


def test_a_question_and_an_approval_reach_the_worker(workers: LiveServer, site: str) -> None:
    script = buy_script(site)
    with ScriptServer(script) as model, workers.client() as client:
        asked, confirm, run, *frames = buy_answering(client, model.spec)
    assert asked["question"] == {"question": "Which name goes on the order?", "kind": "data"}
    assert confirm["status"] == "waiting_for_user" and "Buy now" in confirm["question"]["question"]
    assert run["status"] == "success" and run["answer"] == "Order placed", run
    assert "The person answered: Grace" in script.seen("planner")[1]
    assert [f["answer"] for f in frames if f["type"] == "user_answered"] == ["Grace", "yes"]


def test_pause_edit_resume_and_stop_reach_the_worker(workers: LiveServer, site: str) -> None:
    turnstile = Turnstile()
    script = Script(planner=[turnstile.hold(web_step("Find the price of the mug")),
                             turnstile.hold(web_step("Save the mug for later", site=f"{site}/buy.html"))],
                    navigator=[turnstile.hold(actions(done("never")))])  # fmt: skip
    with ScriptServer(script) as model, workers.client() as client:
        run_id = client.post("/runs", json={"task": "Find the price of the mug", "model": model.spec}).json()[
            "id"
        ]
        assert turnstile.waiting.wait(60)
        paused = client.post(f"/runs/{run_id}/pause").json()
        twice = client.post(f"/runs/{run_id}/pause")
        edited = client.post(f"/runs/{run_id}/task", json={"task": "Save the mug for later"}).json()
        seen_by_worker = events_until(client, run_id, "task_edited")  # the worker took both commands
        turnstile.let_through()  # the planner's first answer arrives while paused: nothing moves
        still = client.get(f"/runs/{run_id}").json()
        resumed = client.post(f"/runs/{run_id}/resume").json()
        turnstile.let_through()  # the planner again, for the edited task
        assert turnstile.waiting.wait(60)  # the navigator is asked
        client.post(f"/runs/{run_id}/stop").raise_for_status()
        turnstile.open()
        run = wait_for(client, run_id, "stopped", timeout=60)
        after = client.post(f"/runs/{run_id}/resume")
    assert paused["status"] == "paused" and edited["task"] == "Save the mug for later"
    assert {"type": "state_changed", "state": "paused"}.items() <= seen_by_worker[-2].items()
    assert twice.status_code == 409 and "paused" in twice.json()["detail"]
    assert still["status"] == "paused" and still["steps"] == []
    assert resumed["status"] == "running"
    assert "The person changed the request to: Save the mug for later" in script.seen("planner")[1]
    assert [s["goal"] for s in run["steps"]] == ["Save the mug for later"]
    assert after.status_code == 409 and "stopped" in after.json()["detail"]


def test_secrets_stay_masked_in_a_workers_events(workers: LiveServer, site: str) -> None:
    script = Script(navigator=[
        lambda p: actions({"name": "type_text", "element": eid(p, "User"), "text": "ada"},
                          {"name": "type_text", "element": eid(p, "Access code"), "text": "{{CODE}}"},
                          {"name": "click", "element": eid(p, "Enter")}),
        lambda p: actions(done(f"the page says {'Welcome back' if 'Welcome back' in p else 'no'}")),
    ], check=[finish("You are in.")])  # fmt: skip
    with ScriptServer(script) as model, workers.client() as client:
        body = {"task": "Enter the members area as ada", "url": f"{site}/login.html", "model": model.spec,
                "secrets": {"CODE": SECRET}}  # fmt: skip
        run_id = client.post("/runs", json=body).json()["id"]
        run = wait_for(client, run_id, "success", "failed", timeout=60)
        texts = [client.get(f"/runs/{run_id}").text, client.get(f"/runs/{run_id}/events").text]
    assert run["status"] == "success", run["error"]
    assert all(SECRET not in text for text in texts) and "{{CODE}}" in texts[1]


def test_a_killed_worker_ends_its_run_failed_in_words(workers: LiveServer, site: str, db: Path) -> None:
    turnstile = Turnstile()
    task = {"task": "What does the blue mug cost?", "url": f"{site}/buy.html"}
    with ScriptServer(price_script(turnstile)) as model, workers.client() as client:
        run_id = client.post("/runs", json={**task, "model": model.spec}).json()["id"]
        assert turnstile.waiting.wait(60)
        for proc in worker_processes():  # the run's worker among them; an idle one is simply replaced
            os.kill(proc.pid, signal.SIGKILL)  # type: ignore[arg-type]
        run = wait_for(client, run_id, "failed", "success", timeout=60)
        frames = [json.loads(d) for _, _, d in sse_events(client, run_id)]
        turnstile.open()
        again_id = client.post("/runs", json={**task, "model": model.spec}).json()["id"]
        again = wait_for(client, again_id, "success", "failed", timeout=60)
    assert run["status"] == "failed" and "died during its job (killed by SIGKILL)" in run["error"], run
    assert frames[-1]["type"] == "run_finished" and frames[-1]["error"] == run["error"]
    with RunStore(db) as store:
        row, last = store.get_run(run_id), store.events(run_id)[-1]
    assert row is not None and row.status == "failed" and row.finished is not None
    assert last.type == "run_finished" and "SIGKILL" in str(last.error)
    assert again["status"] == "success", again["error"]  # a fresh worker took the next run


def test_stopping_the_server_stops_its_worker_runs_and_records_them(
    book: ModelBook, site: str, tmp_path: Path
) -> None:
    turnstile = Turnstile()
    before = set(worker_processes())
    live = LiveServer(tmp_path / "runs.db", book, runners=RunnerOptions(runner="process")).start()
    with ScriptServer(price_script(turnstile)) as model, live.client() as client:
        body = {"task": "What does the blue mug cost?", "url": f"{site}/buy.html", "model": model.spec}
        run_id = client.post("/runs", json=body).json()["id"]
        assert turnstile.waiting.wait(60)
        follower: list[list[tuple[str, str, str]]] = []
        reader = threading.Thread(target=lambda: follower.append(sse_events(client, run_id)))
        reader.start()
        events_until(client, run_id, "step_started")
        live.stop()
        turnstile.open()
        reader.join(60)
    last = json.loads(follower[0][-1][2])
    assert last["type"] == "run_finished" and last["status"] == "stopped", "the follower saw the run end"
    assert set(worker_processes()) <= before, "the server's worker processes ended with it"
    with RunStore(tmp_path / "runs.db") as store:
        row = store.get_run(run_id)
        assert row is not None and row.status == "stopped" and row.finished is not None


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--runner", "thread"], "--runner must be one of inprocess, process, ray (got 'thread')"),
        (["--workers", "2"], "--workers needs --runner process or ray"),
        (["--runner", "process", "--workers", "0"], "--workers must be at least 1 (got 0)"),
        (["--runner", "process", "--ray", "auto"], "--ray needs --runner ray (got --runner process)"),
    ],
)
def test_bad_runner_options_are_one_line_of_error(args: list[str], said: str, tmp_path: Path) -> None:
    (tmp_path / "none.toml").write_text("")
    result = CliRunner().invoke(app, ["serve", *args], env={"NAVWRIGHT_CONFIG": str(tmp_path / "none.toml")})
    assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output


async def test_a_pool_worker_that_dies_ends_its_job_in_words_and_the_next_job_gets_a_new_one() -> None:
    first, lost, second, kept = await die_then_live(ray=None)
    assert first == ["got a", "echo hello"]
    assert lost == EchoOutcome(text="a", error="echo worker 0 died during its job (exit code 3)")
    assert second == ["got b", "echo again"] and kept == EchoOutcome(text="b")


async def test_a_job_handed_to_a_worker_that_died_idle_runs_on_a_fresh_one() -> None:
    def kill_idle() -> None:
        for proc in worker_processes():
            os.kill(proc.pid, signal.SIGKILL)  # type: ignore[arg-type]

    notes, kept = await job_after_idle_death(None, kill_idle)
    assert notes == ["got b", "echo again"] and kept == EchoOutcome(text="b")
