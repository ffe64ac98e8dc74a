"""Bad requests get 4xx in words, unknown ids 404, secrets never come back, the token guards everything."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from script import Script, actions, done, eid, finish
from server_support import LiveServer, ModelBook, sse_events, wait_for

from navwright.models.scripted import ScriptedModel

SECRET = "tulip-4471"  # the access code tests/agent/fixtures/login.html lets in


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"task": "  "}, "task: the task is empty"),
        ({"task": "x", "url": "ftp://example.com/"}, "url: the start URL must begin with http"),
        ({"task": "x", "max_steps": 0}, "max_steps"),
        ({"task": "x", "colour": "blue"}, "colour: Extra inputs are not permitted"),
        ({"task": "x", "secrets": {"bad name": SECRET}}, "secret names are letters"),
        ({"task": "x", "allowed_domains": ["https://example.com/"]}, "allowed domains are host names"),
    ],
)
def test_a_malformed_run_request_is_refused_in_words(
    server: LiveServer, body: dict[str, object], words: str
) -> None:
    with server.client() as client:
        before = len(client.get("/runs").json())
        response = client.post("/runs", json=body)
        after = len(client.get("/runs").json())
    assert response.status_code == 422 and words in response.json()["detail"], response.text
    assert SECRET not in response.text and before == after


def test_a_body_that_is_not_json_and_a_bad_model_spec_are_refused(server: LiveServer) -> None:
    with server.client() as client:
        garbage = client.post("/runs", content=b"{not json", headers={"content-type": "application/json"})
        spec = client.post("/runs", json={"task": "x", "model": "gpt-9000"})
        profile = client.post("/runs", json={"task": "x", "profile": "../elsewhere"})
    assert garbage.status_code == 422 and "JSON" in garbage.json()["detail"]
    assert profile.status_code == 400 and "profile" in profile.json()["detail"], profile.text
    assert spec.status_code == 400 and "unknown model spec 'gpt-9000'" in spec.json()["detail"]


def test_an_unknown_run_id_is_404_everywhere(server: LiveServer) -> None:
    with server.client() as client:
        responses = [
            client.get("/runs/nosuchrun"), client.get("/runs/nosuchrun/events"),
            client.get("/runs/nosuchrun/screenshots/1"), client.post("/runs/nosuchrun/pause"),
            client.post("/runs/nosuchrun/stop"), client.post("/runs/nosuchrun/task", json={"task": "x"}),
            client.post("/runs/nosuchrun/answer", json={"text": "x"}),
        ]  # fmt: skip
    assert [r.status_code for r in responses] == [404] * len(responses)
    assert all(r.json()["detail"] == "no run with id 'nosuchrun'" for r in responses)


def test_secrets_given_to_a_run_are_never_returned(server: LiveServer, book: ModelBook, site: str) -> None:
    book["secret"] = lambda: ScriptedModel(Script(navigator=[
        lambda p: actions({"name": "type_text", "element": eid(p, "User"), "text": "ada"},
                          {"name": "type_text", "element": eid(p, "Access code"), "text": "{{CODE}}"},
                          {"name": "click", "element": eid(p, "Enter")}),
        lambda p: actions(done(f"the page says {'Welcome back' if 'Welcome back' in p else 'no'}")),
    ], check=[finish("You are in.")]))  # fmt: skip
    body = {"task": "Enter the members area as ada", "url": f"{site}/login.html", "model": "openai:secret",
            "secrets": {"CODE": SECRET}}  # fmt: skip
    with server.client() as client:
        run_id = client.post("/runs", json=body).json()["id"]
        run = wait_for(client, run_id, "success", "failed")
        texts = [client.get(f"/runs/{run_id}").text, client.get("/runs").text,
                 client.get(f"/runs/{run_id}/events").text]  # fmt: skip
        frames = sse_events(client, run_id)
    assert run["status"] == "success", run["error"]
    assert all(SECRET not in text for text in texts) and "{{CODE}}" in texts[2]
    assert len(frames) == texts[2].count("data: ")


def test_a_screenshot_number_out_of_range_and_a_bad_last_event_id_are_refused(
    server: LiveServer, book: ModelBook, site: str
) -> None:
    book["shots"] = lambda: ScriptedModel(Script(navigator=[actions(done("Price: $12.00"))]))
    with server.client() as client:
        run_id = client.post("/runs", json={"task": "price?", "url": f"{site}/buy.html",
                                            "model": "openai:shots"}).json()["id"]  # fmt: skip
        wait_for(client, run_id, "success", "failed")
        missing = client.get(f"/runs/{run_id}/screenshots/7")
        bad_id = client.get(f"/runs/{run_id}/events", headers={"Last-Event-ID": "abc"})
    assert missing.status_code == 404 and "has 1 screenshot(s)" in missing.json()["detail"]
    assert bad_id.status_code == 400 and "Last-Event-ID must be a whole number" in bad_id.json()["detail"]


def test_with_a_token_every_endpoint_needs_it(book: ModelBook, tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "runs.db", book, token="s3cret-token").start()
    try:
        with live.client() as client:
            bare = [
                client.get(p).status_code for p in ("/", "/docs", "/openapi.json", "/runs", "/static/app.js")
            ]
            wrong = client.get("/runs", headers={"Authorization": "Bearer nope"}).status_code
            bearer = client.get("/runs", headers={"Authorization": "Bearer s3cret-token"}).status_code
            page = client.get("/", params={"token": "s3cret-token"})
            by_cookie = client.get("/runs").status_code  # the page's cookie now travels with requests
    finally:
        live.stop()
    assert bare == [401] * 5 and wrong == 401 and bearer == 200
    assert page.status_code == 200 and "navwright_token" in page.headers["set-cookie"]
    assert "httponly" in page.headers["set-cookie"].lower() and by_cookie == 200


def test_other_sites_and_other_host_names_are_refused(server: LiveServer) -> None:
    with server.client() as client:
        cross = client.post("/runs", json={"task": "x"}, headers={"Origin": "http://evil.example"})
        rebound = client.get("/runs", headers={"Host": f"evil.example:{server.port}"})
        same = client.get("/runs", headers={"Origin": server.url})
    assert cross.status_code == 403 and "cross-origin" in cross.json()["detail"]
    assert rebound.status_code == 403 and "127.0.0.1" in rebound.json()["detail"]
    assert same.status_code == 200


def assets_of(page: httpx.Response) -> list[str]:
    return re.findall(r'(?:src|href)="([^"]+)"', page.text)


def test_the_api_is_documented_at_docs(server: LiveServer) -> None:
    with server.client() as client:
        docs = client.get("/docs")
        assets = [client.get(src) for src in assets_of(docs)]
        spec = client.get("/openapi.json").json()
    assert docs.status_code == 200 and "SwaggerUIBundle" in docs.text and "//" not in "".join(assets_of(docs))
    assert len(assets) >= 2 and all(a.status_code == 200 for a in assets), "Swagger UI is served from here"
    paths = set(spec["paths"])
    one = [f"/runs/{{run_id}}/{p}" for p in ("events", "pause", "resume", "stop", "task", "answer")]
    assert {"/runs", "/runs/{run_id}", "/runs/{run_id}/screenshots/{n}", *one} <= paths
