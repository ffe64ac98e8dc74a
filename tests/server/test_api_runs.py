"""The HTTP API over real runs: start, stream, inspect, list, screenshots (scripted models, real pages)."""

from __future__ import annotations

import json

from script import Script, actions, done, eid
from server_support import LiveServer, ModelBook, sse_events, wait_for

from navwright.memory import MemoryStore
from navwright.models.scripted import ScriptedModel

PRICE = "The blue mug costs $12.00."


def price_model() -> ScriptedModel:
    click = {"name": "click", "element": "Save for later"}
    return ScriptedModel(
        Script(
            navigator=[
                lambda p: actions({**click, "element": eid(p, "Save for later")}),
                actions(done(PRICE)),
            ]
        )
    )


def start(server: LiveServer, **body: object) -> str:
    with server.client() as client:
        response = client.post("/runs", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_a_run_streams_its_events_and_reports_steps_evidence_and_cost(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    book["price"] = price_model
    task = "Save the blue mug for later and tell me what it costs"  # a question alone would save nothing
    run_id = start(server, task=task, url=f"{site}/buy.html", model="openai:price")
    with server.client() as client:
        frames = sse_events(client, run_id)
        run = wait_for(client, run_id, "success", "failed")
        shot = client.get(str(run["steps"][0]["screenshot"]))
    types = [json.loads(data)["type"] for _, _, data in frames]
    assert types[0] == "run_started" and types[-1] == "run_finished"
    assert {"step_started", "model_called", "action_done", "step_finished", "screenshot_taken"} <= set(types)
    assert [int(i) for i, _, _ in frames] == list(range(1, len(frames) + 1))
    assert run["status"] == "success" and run["answer"] == PRICE, run
    assert run["model_calls"] == types.count("model_called") >= 2
    assert run["prompt_tokens"] > 0 and run["seconds"] > 0
    step = run["steps"][0]
    assert step["goal"] == task and step["status"] == "done"
    assert step["actions"][0]["action"] == "click" and step["actions"][0]["ok"] is True
    assert any("12.00" in e["quote"] and e["url"].endswith("/buy.html") for e in run["evidence"])
    assert shot.status_code == 200 and shot.headers["content-type"] == "image/png"
    assert shot.content.startswith(b"\x89PNG")


def test_events_resume_after_the_last_event_id(server: LiveServer, book: ModelBook, site: str) -> None:
    book["resume"] = price_model
    run_id = start(server, task="What does the blue mug cost?", url=f"{site}/buy.html", model="openai:resume")
    with server.client() as client:
        wait_for(client, run_id, "success")
        whole = sse_events(client, run_id)
        rest = sse_events(client, run_id, **{"Last-Event-ID": "3"})
        by_query = client.get(f"/runs/{run_id}/events", params={"after": len(whole) - 1})
    assert rest == whole[3:] and rest[0][0] == "4"
    assert by_query.text.count("data: ") == 1 and "run_finished" in by_query.text


def test_runs_are_listed_with_past_runs_and_found_by_search(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    book["listed"] = price_model
    run_id = start(
        server, task="Price of the blue mug, please", url=f"{site}/buy.html", model="openai:listed"
    )
    with server.client() as client:
        wait_for(client, run_id, "success")
        listed = client.get("/runs").json()
        found = client.get("/runs", params={"q": "please"}).json()
        missing = client.get("/runs", params={"q": "no such words here"}).json()
        by_prefix = client.get(f"/runs/{run_id[:8]}").json()
    assert run_id in [r["id"] for r in listed]
    assert [r["id"] for r in found] == [run_id] and found[0]["status"] == "success"
    assert missing == [] and by_prefix["id"] == run_id


def test_a_run_that_cannot_get_its_model_fails_in_words(server: LiveServer, site: str) -> None:
    run_id = start(server, task="anything", url=f"{site}/buy.html", model="openai:not-in-the-book")
    with server.client() as client:
        run = wait_for(client, run_id, "failed")
        frames = sse_events(client, run_id)
    assert "could not load the model" in str(run["error"]) and "not-in-the-book" in str(run["error"])
    assert [json.loads(d)["type"] for _, _, d in frames] == ["run_started", "run_finished"]


def test_a_run_the_server_made_is_remembered_in_its_database(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    book["memo"] = price_model
    task = "Save the blue mug for later; how much is it, please?"  # asked by no other test of this server
    run_id = start(server, task=task, url=f"{site}/buy.html", model="openai:memo")
    with server.client() as client:  # once the run is reported ended, what it taught is stored
        assert wait_for(client, run_id, "success", "failed")["status"] == "success"
    with MemoryStore(server.config.db_path) as memory:
        [step] = [s for s in memory.steps() if s.run_id == run_id]
    assert step.request == task
    assert [a.skill for a in step.actions] == ["click"] and step.actions[0].target is not None


def test_a_served_run_past_its_timeout_ends_failed_saying_so(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    book["late"] = price_model
    run_id = start(server, task="What does the blue mug cost?", url=f"{site}/buy.html", model="openai:late",
                   timeout_s=0.001)
    with server.client() as client:
        run = wait_for(client, run_id, "failed", "success", "unverified")
    assert run["status"] == "failed" and "longer than its limit" in str(run["error"]), run
