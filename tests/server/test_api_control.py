"""Steering runs over HTTP: questions and confirmations, pause/resume/edit/stop, the queue, shutdown."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from script import Script, actions, done, eid, web_step
from server_support import Gated, LiveServer, ModelBook, buy_script, sse_events, wait_for, wait_until

from navwright.models.scripted import ScriptedModel
from navwright.store import RunStore


def test_a_question_and_a_confirmation_are_answered_over_http(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    script = buy_script(site)
    book["buy"] = lambda: ScriptedModel(script)
    with server.client() as client:
        run_id = client.post("/runs", json={"task": "Buy me the blue mug", "model": "openai:buy"}).json()[
            "id"
        ]
        asked = wait_for(client, run_id, "waiting_for_user")
        assert asked["question"] == {"question": "Which name goes on the order?", "kind": "data"}
        wrong = client.post(f"/runs/{run_id}/answer", json={"approve": True})
        client.post(f"/runs/{run_id}/answer", json={"text": "Grace"}).raise_for_status()
        confirm = wait_until(client, run_id, lambda run: (run["question"] or {}).get("kind") == "confirm")
        assert confirm["status"] == "waiting_for_user" and "Buy now" in confirm["question"]["question"]
        client.post(f"/runs/{run_id}/answer", json={"approve": True}).raise_for_status()
        run = wait_for(client, run_id, "success", "failed")
        again = client.post(f"/runs/{run_id}/answer", json={"text": "late"})
        frames = [json.loads(d) for _, _, d in sse_events(client, run_id)]
    assert wrong.status_code == 400 and "asks for data" in wrong.json()["detail"]
    assert run["status"] == "success", run
    assert run["answer"] == "Order placed" and run["evidence"]
    assert "The person answered: Grace" in script.seen("planner")[1]
    assert again.status_code == 409 and "not waiting" in again.json()["detail"]
    answers = [f["answer"] for f in frames if f["type"] == "user_answered"]
    assert answers == ["Grace", "yes"]


def test_pause_edit_resume_and_stop_steer_the_run(server: LiveServer, book: ModelBook, site: str) -> None:
    script = Script(planner=[web_step("Save the mug for later")],
                    navigator=[lambda p: actions({"name": "click", "element": eid(p, "Save for later")}),
                               actions(done("Saved for later"))])  # fmt: skip
    model = Gated(ScriptedModel(script))
    book["gated"] = lambda: model
    with server.client() as client:
        run_id = client.post(
            "/runs", json={"task": "Find the price of the mug", "model": "openai:gated"}
        ).json()["id"]
        model.waiting.wait(20)
        paused = client.post(f"/runs/{run_id}/pause").json()  # the planner's call is cancelled at once
        twice = client.post(f"/runs/{run_id}/pause")
        edited = client.post(f"/runs/{run_id}/task", json={"task": "Save the mug for later"}).json()
        assert client.get(f"/runs/{run_id}").json()["steps"] == []
        resumed = client.post(f"/runs/{run_id}/resume").json()
        model.let_through()  # the planner again, for the edited task
        model.waiting.wait(20)  # the navigator is asked
        stopped = client.post(f"/runs/{run_id}/stop").json()
        run = wait_for(client, run_id, "stopped")
        after = client.post(f"/runs/{run_id}/resume")
    assert paused["status"] == "paused" and edited["task"] == "Save the mug for later"
    assert twice.status_code == 409 and "paused" in twice.json()["detail"]
    assert resumed["status"] == "running" and stopped["status"] in ("running", "stopped")
    assert run["task"] == "Save the mug for later"
    assert "The person changed the request to: Save the mug for later" in script.seen("planner")[0]
    assert [s["goal"] for s in run["steps"]] == ["Save the mug for later"]
    assert after.status_code == 409 and "stopped" in after.json()["detail"]


def test_runs_beyond_the_limit_wait_in_a_queue_and_say_so(
    book: ModelBook, site: str, tmp_path: Path
) -> None:
    gates = [Gated(ScriptedModel(Script(planner=[web_step("anything")]))) for _ in range(2)]
    book["q0"], book["q1"] = (lambda: gates[0]), (lambda: gates[1])
    book["q2"] = lambda: ScriptedModel(Script())
    live = LiveServer(tmp_path / "runs.db", book, max_concurrent_runs=2).start()
    try:
        with live.client() as client:
            ids = [
                client.post("/runs", json={"task": f"task {n}", "model": f"openai:q{n}"}).json()
                for n in range(3)
            ]
            for gate in gates:
                assert gate.waiting.wait(20)
            third = ids[2]
            listed = {r["id"]: r for r in client.get("/runs").json()}
            with client.stream("GET", f"/runs/{third['id']}/events") as stream:
                first = next(stream.iter_lines())
            queued_pause = client.post(f"/runs/{third['id']}/pause")
            client.post(f"/runs/{third['id']}/stop").raise_for_status()
            for item in ids[:2]:
                client.post(f"/runs/{item['id']}/stop").raise_for_status()
            ended = [wait_for(client, item["id"], "stopped") for item in ids]
    finally:
        live.stop()
    assert [i["status"] for i in ids] == ["starting", "starting", "queued"]
    assert third["queue_position"] == 1 and listed[third["id"]]["status"] == "queued"
    assert listed[ids[0]["id"]]["status"] == "running" and listed[third["id"]]["queue_position"] == 1
    assert first == "event: queued"
    assert queued_pause.status_code == 409 and "queued" in queued_pause.json()["detail"]
    assert "stopped before it started" in str(ended[2]["error"])
    with RunStore(tmp_path / "runs.db") as store:
        assert [store.get_run(i["id"]).status for i in ids] == ["stopped"] * 3  # type: ignore[union-attr]


def test_stopping_the_server_stops_its_runs_and_records_them(book: ModelBook, tmp_path: Path) -> None:
    gate = Gated(ScriptedModel(Script(planner=[web_step("anything")])))
    book["shutdown"] = lambda: gate
    live = LiveServer(tmp_path / "runs.db", book).start()
    client = live.client()
    run_id = client.post("/runs", json={"task": "a long task", "model": "openai:shutdown"}).json()["id"]
    assert gate.waiting.wait(20)
    follower: list[list[tuple[str, str, str]]] = []
    reader = threading.Thread(target=lambda: follower.append(sse_events(client, run_id)))
    reader.start()
    live.stop()
    reader.join(30)
    client.close()
    last = json.loads(follower[0][-1][2])
    assert last["type"] == "run_finished" and last["status"] == "stopped", "the follower saw the run end"
    with RunStore(tmp_path / "runs.db") as store:
        row = store.get_run(run_id)
        assert row is not None and row.status == "stopped" and row.finished is not None
