"""`navwright serve --runner ray`: the same runs on a local Ray (one for the module: Ray starts slowly),
their events back live, the person's answers reaching the actor, a stop ending the run."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from chat_script_server import ScriptServer
from echo_worker import EchoOutcome
from line_support import die_then_live
from script import Script, ask
from server_support import LiveServer, ModelBook, buy_answering, buy_script, wait_for

from navwright.server.config import RunnerOptions


@pytest.fixture(scope="module")
def on_ray(book: ModelBook, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    import ray

    if not ray.is_initialized():
        path = os.pathsep.join(p for p in sys.path if p)
        ray.init(num_cpus=2, log_to_driver=False, include_dashboard=False,
                 runtime_env={"env_vars": {"PYTHONPATH": path}})  # fmt: skip
    db = tmp_path_factory.mktemp("ray") / "runs.db"
    live = LiveServer(db, book, runners=RunnerOptions(runner="ray", workers=1)).start()
    try:
        yield live
    finally:
        live.stop()
        ray.shutdown()


def test_a_run_on_ray_asks_the_person_and_streams_its_events(on_ray: LiveServer, site: str) -> None:
    script = buy_script(site)
    with ScriptServer(script) as model, on_ray.client() as client:
        asked, confirm, run, *events = buy_answering(client, model.spec, timeout=120)
    assert asked["question"] == {"question": "Which name goes on the order?", "kind": "data"}
    assert confirm["status"] == "waiting_for_user" and "Buy now" in confirm["question"]["question"]
    assert run["status"] == "success" and run["answer"] == "Order placed", run
    assert "The person answered: Grace" in script.seen("planner")[1]
    assert [e["answer"] for e in events if e["type"] == "user_answered"] == ["Grace", "yes"]
    assert events[0]["type"] == "run_started" and events[-1]["type"] == "run_finished"


def test_a_run_on_ray_stops_while_it_waits_for_the_person(on_ray: LiveServer, tmp_path: Path) -> None:
    with ScriptServer(Script(planner=[ask("Which colour?")])) as model, on_ray.client() as client:
        run_id = client.post("/runs", json={"task": "Buy a mug", "model": model.spec}).json()["id"]
        wait_for(client, run_id, "waiting_for_user", timeout=60)
        client.post(f"/runs/{run_id}/stop").raise_for_status()
        run = wait_for(client, run_id, "stopped", "failed", timeout=60)
        late = client.post(f"/runs/{run_id}/answer", json={"text": "blue"})
    assert run["status"] == "stopped", run
    assert late.status_code == 409


async def test_an_actor_that_dies_ends_its_job_in_words_and_the_next_job_gets_a_new_one(
    on_ray: LiveServer,
) -> None:
    first, lost, second, kept = await die_then_live(ray="local")
    assert first == ["got a", "echo hello"] and lost.text == "a"
    assert lost.error.startswith("the Ray echo worker failed: ") and "died" in lost.error, lost.error
    assert second == ["got b", "echo again"] and kept == EchoOutcome(text="b")
