"""OpenAPI 3 documents: found by link, by the RFC 9727 API catalog or at /openapi.json; cached."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from playwright.async_api import Page
from site_server import Site

from navwright.sites import HttpCall, SiteSkillSource
from navwright.sites.openapi import openapi_functions

DOC = {
    "openapi": "3.0.3",
    "info": {"title": "Pets", "version": "1"},
    "servers": [{"url": "/api/v1"}],
    "paths": {
        "/pets": {
            "get": {
                "operationId": "listPets",
                "summary": "List pets, optionally by kind",
                "parameters": [
                    {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["cat", "dog"]}},
                    {"name": "X-Token", "in": "header", "schema": {"type": "string"}},
                ],
            },
            "post": {
                "operationId": "addPet",
                "summary": "Add a pet",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}},
                },
            },
        },
        "/pets/{petId}": {
            "parameters": [{"name": "petId", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "delete": {"summary": "Remove a pet"},
        },
    },
    "components": {
        "schemas": {
            "NewPet": {
                "type": "object",
                "required": ["name"],
                "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
            }
        }
    },
}
PAGE = "<!doctype html><title>Pets</title><p>Pets</p>"
LINKED = '<!doctype html><title>Pets</title><link rel="service-desc" href="/docs/pets.json"><p>Pets</p>'
CATALOG = {"linkset": [{"anchor": "/api/v1", "service-desc": [{"href": "/docs/pets.json"}]}]}

MakeSite = Callable[[Mapping[str, str]], Site]


def test_operations_become_functions_with_merged_schemas() -> None:
    fns = {f.name: f for f in openapi_functions(DOC, "http://127.0.0.1:9/docs/pets.json")}
    assert set(fns) == {"listPets", "addPet", "delete_pets_petId"}
    assert fns["listPets"].read_only and not fns["addPet"].read_only
    assert fns["addPet"].parameters == {
        "type": "object",
        "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
        "required": ["name"],
    }
    delete = fns["delete_pets_petId"]
    assert isinstance(delete.invocation, HttpCall)
    assert delete.invocation.url == "http://127.0.0.1:9/api/v1/pets/{petId}"
    assert delete.parameters["required"] == ["petId"]


async def test_linked_document_is_found_and_query_header_and_body_are_sent(site: MakeSite, tab: Page) -> None:
    s = site({"/": LINKED, "/docs/pets.json": json.dumps(DOC)})
    await tab.goto(s.url + "/")
    fns = {f.name: f for f in await SiteSkillSource().functions_for(tab)}
    assert {"listPets", "addPet", "delete_pets_petId"} <= set(fns)
    assert (await fns["listPets"].invoke(tab, {"kind": "cat", "X-Token": "t1"})).ok
    call = s.api_calls()[-1]
    assert (call["path"], call["query"], call["header_x"]) == ("/api/v1/pets", {"kind": "cat"}, "t1")
    assert (await fns["addPet"].invoke(tab, {"name": "Tom", "age": 3})).ok
    assert json.loads(s.api_calls()[-1]["body"]) == {"name": "Tom", "age": 3}
    assert (await fns["delete_pets_petId"].invoke(tab, {"petId": 7})).ok
    assert (s.api_calls()[-1]["method"], s.api_calls()[-1]["path"]) == ("DELETE", "/api/v1/pets/7")
    assert not any(c["path"] in ("/openapi.json", "/.well-known/api-catalog") for c in s.calls)


async def test_schema_is_enforced_before_the_call(site: MakeSite, tab: Page) -> None:
    s = site({"/": LINKED, "/docs/pets.json": json.dumps(DOC)})
    await tab.goto(s.url + "/")
    fns = {f.name: f for f in await SiteSkillSource().functions_for(tab)}
    result = await fns["addPet"].invoke(tab, {"name": "Tom", "age": -1})
    assert not result.ok and "age: -1 is less than the minimum of 0" in (result.error or "")
    assert s.api_calls() == []


async def test_api_catalog_at_well_known_points_to_the_document(site: MakeSite, tab: Page) -> None:
    s = site({"/": PAGE, "/.well-known/api-catalog": json.dumps(CATALOG), "/docs/pets.json": json.dumps(DOC)})
    await tab.goto(s.url + "/")
    names = [f.name for f in await SiteSkillSource().functions_for(tab)]
    assert names == ["listPets", "addPet", "delete_pets_petId"]


async def test_openapi_json_at_the_root_is_found_and_cached_per_origin(site: MakeSite, tab: Page) -> None:
    s = site({"/": PAGE, "/other": PAGE, "/openapi.json": json.dumps(DOC)})
    source = SiteSkillSource()
    await tab.goto(s.url + "/")
    assert len(await source.functions_for(tab)) == 3
    await tab.goto(s.url + "/other")
    assert len(await source.functions_for(tab)) == 3
    probes = [c["path"] for c in s.calls if c["path"] in ("/openapi.json", "/.well-known/api-catalog")]
    assert sorted(probes) == ["/.well-known/api-catalog", "/openapi.json"]  # once per origin


async def test_missing_documents_cost_one_request_each_once(site: MakeSite, tab: Page) -> None:
    s = site({"/": PAGE})
    source = SiteSkillSource()
    await tab.goto(s.url + "/")
    assert await source.functions_for(tab) == []
    assert await source.functions_for(tab) == []
    probes = [c["path"] for c in s.calls if c["path"] not in ("/", "/favicon.ico")]
    assert sorted(probes) == ["/.well-known/api-catalog", "/openapi.json"]


async def test_api_catalog_linked_from_the_page_is_read(site: MakeSite, tab: Page) -> None:
    page = '<!doctype html><title>Pets</title><link rel="api-catalog" href="/catalog.json"><p>Pets</p>'
    s = site({"/": page, "/catalog.json": json.dumps(CATALOG), "/docs/pets.json": json.dumps(DOC)})
    await tab.goto(s.url + "/")
    assert len(await SiteSkillSource().functions_for(tab)) == 3
    assert not any(c["path"] in ("/openapi.json", "/.well-known/api-catalog") for c in s.calls)


async def test_pages_that_are_not_on_the_web_have_no_functions(tab: Page) -> None:
    await tab.goto("about:blank")
    assert await SiteSkillSource().functions_for(tab) == []
