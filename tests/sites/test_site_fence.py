"""Site-API discovery and site-function calls stay inside the fence (another host receives nothing)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from playwright.async_api import Page
from site_server import Site
from test_openapi import DOC

from navwright.sites import SiteSkillSource

MakeSite = Callable[[Mapping[str, str]], Site]


def foreign(s: Site) -> str:
    return s.url.replace("127.0.0.1", "localhost")


def _doc_on(server: str) -> str:
    return json.dumps({**DOC, "servers": [{"url": server + "/api/v1"}]})


async def test_a_service_desc_on_another_origin_is_not_fetched(site: MakeSite, tab: Page) -> None:
    other = site({"/docs/pets.json": json.dumps(DOC)})
    page = f'<title>Pets</title><link rel="service-desc" href="{foreign(other)}/docs/pets.json"><p>Pets</p>'
    s = site({"/": page})
    await tab.goto(s.url + "/")
    for fence in (["127.0.0.1"], []):
        assert await SiteSkillSource(allowed_domains=fence).functions_for(tab) == []
    assert other.calls == []


async def test_an_api_catalog_pointing_elsewhere_is_not_followed(site: MakeSite, tab: Page) -> None:
    other = site({"/docs/pets.json": json.dumps(DOC)})
    desc = [{"href": foreign(other) + "/docs/pets.json"}]
    catalog = {"linkset": [{"anchor": "/api/v1", "service-desc": desc}]}
    s = site({"/": "<title>Pets</title>", "/.well-known/api-catalog": json.dumps(catalog)})
    await tab.goto(s.url + "/")
    assert await SiteSkillSource(allowed_domains=["127.0.0.1"]).functions_for(tab) == []
    assert other.calls == []


async def test_functions_whose_server_is_elsewhere_are_not_offered(site: MakeSite, tab: Page) -> None:
    other = site({})
    s = site({"/": '<title>Pets</title><link rel="service-desc" href="/docs/pets.json">',
              "/docs/pets.json": _doc_on(foreign(other))})  # fmt: skip
    await tab.goto(s.url + "/")
    assert await SiteSkillSource(allowed_domains=["127.0.0.1"]).functions_for(tab) == []
    assert await SiteSkillSource().functions_for(tab) == []
    assert other.calls == []


async def test_the_run_passes_its_allowed_domains_to_discovery() -> None:
    from navwright.build import site_source
    from navwright.config import load_settings

    source = site_source(load_settings(environ={}, overrides={"run.allowed_domains": ["127.0.0.1"]}).settings)
    assert isinstance(source, SiteSkillSource) and source.allowed_domains == ["127.0.0.1"]
