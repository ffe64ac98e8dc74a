"""One request cannot freeze the server or point it elsewhere: bodies and secrets are bounded (413,
422 in words), and a request names only the server's own models unless it is started to allow any."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from script import Script, actions, done, finish
from server_support import LiveServer, ModelBook, wait_for

from navwright.config import Settings
from navwright.models.config import ModelConfig
from navwright.models.scripted import ScriptedModel
from navwright.server.limits import MAX_BODY
from navwright.server.schemas import MAX_SECRETS

OWN = "openai:own@http://127.0.0.1:9/v1"


@pytest.fixture(scope="module")
def strict(book: ModelBook, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server started as `navwright serve` is by default: only its own model."""
    book["own"] = lambda: ScriptedModel(Script(planner=[finish("done")]))
    settings = Settings(models=ModelConfig.model_validate({"planner": OWN, "navigator": OWN}))
    live = LiveServer(tmp_path_factory.mktemp("strict") / "runs.db", book, settings=settings,
                      any_model=False).start()  # fmt: skip
    yield live
    live.stop()


def test_a_body_over_the_limit_is_refused_unread_in_words(server: LiveServer) -> None:
    body = json.dumps({"task": "x", "secrets": {"A": "v" * (MAX_BODY + 10)}}).encode()
    with server.client() as client:
        declared = client.post("/runs", content=body, headers={"content-type": "application/json"})
        chunked = client.post("/runs", content=iter([body[:1000], body[1000:]]),
                              headers={"content-type": "application/json"})  # fmt: skip
        alive = client.get("/info")
    for response in (declared, chunked):
        assert response.status_code == 413, response.text
        assert "larger than this server takes" in response.json()["detail"]
    assert alive.status_code == 200


def test_too_many_or_too_long_secrets_are_refused_in_words(server: LiveServer) -> None:
    many = {f"S{i}": f"value-{i}" for i in range(MAX_SECRETS + 1)}
    with server.client() as client:
        before = len(client.get("/runs").json())
        counted = client.post("/runs", json={"task": "x", "secrets": many})
        long = client.post("/runs", json={"task": "x", "secrets": {"PW": "x" * 5000}})
        after = len(client.get("/runs").json())
    assert counted.status_code == 422
    assert f"at most {MAX_SECRETS} secrets per run (got {MAX_SECRETS + 1})" in counted.json()["detail"]
    assert long.status_code == 422 and "values at most" in long.json()["detail"] and "xxxx" not in long.text
    assert before == after


def test_a_run_with_the_most_secrets_runs_and_the_server_keeps_answering(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    book["quick"] = lambda: ScriptedModel(Script(navigator=[actions(done("The blue mug costs $12.00."))]))
    secrets = {f"S{i}": f"secret-value-{i:04d}-{'q' * 40}" for i in range(MAX_SECRETS)}
    body = {"task": "What does the blue mug cost?", "url": f"{site}/buy.html", "model": "openai:quick",
            "secrets": secrets}  # fmt: skip
    with server.client() as client:
        started = client.post("/runs", json=body)
        assert started.status_code == 201, started.text
        assert client.get("/info").status_code == 200
        run = wait_for(client, started.json()["id"], "success", "unverified", "failed")
    assert run["status"] != "failed" and "$12.00" in run["answer"], run


def test_a_request_may_name_only_the_servers_own_model(strict: LiveServer) -> None:
    elsewhere = "openai:own@http://127.0.0.2:8000/v1"
    with strict.client() as client:
        refused = [client.post("/runs", json={"task": "x", field: elsewhere})
                   for field in ("model", "planner_model", "navigator_model")]  # fmt: skip
        own = client.post("/runs", json={"task": "x", "model": OWN})
        default = client.post("/runs", json={"task": "x"})
        for response in (own, default):
            assert response.status_code == 201, response.text
            wait_for(client, response.json()["id"], "success", "unverified", "failed")
    for response in refused:
        assert response.status_code == 403, response.text
        assert "runs only the models it was started with" in response.json()["detail"]
        assert "--allow-any-model" in response.json()["detail"]


def test_no_bytes_of_a_refused_request_reach_a_model_server_elsewhere(strict: LiveServer) -> None:
    with socket.socket() as listener:  # a "model server" that would log what it is sent
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0.5)
        spec = f"openai:m@http://127.0.0.1:{listener.getsockname()[1]}/v1"
        with strict.client() as client:
            response = client.post("/runs", json={"task": "read the page", "model": spec})
        assert response.status_code == 403
        with pytest.raises(TimeoutError):
            listener.accept()


def test_a_malformed_spec_is_still_refused_in_its_own_words(strict: LiveServer, tmp_path: Path) -> None:
    with strict.client() as client:
        response = client.post("/runs", json={"task": "x", "model": "gpt-9000"})
    assert response.status_code == 400 and "unknown model spec 'gpt-9000'" in response.json()["detail"]


def test_an_oversized_body_does_not_need_a_connection_that_stays(server: LiveServer) -> None:
    response = httpx.post(f"{server.url}/runs/abc/answer", content=b"x" * (MAX_BODY + 1), timeout=30)
    assert response.status_code == 413
