"""Finds the site functions a page publishes (all three forms) and offers them as skills."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Collection
from importlib import resources
from typing import Any
from urllib.parse import urljoin, urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from navwright.browser.netpolicy import host_allowed
from navwright.browser.skills.base import Skill
from navwright.sites.calls import HttpCall
from navwright.sites.html_manifest import manifest_functions
from navwright.sites.invoke import origin
from navwright.sites.model import SiteFunction
from navwright.sites.openapi import catalog_service_descs, openapi_functions
from navwright.sites.webmcp import form_functions

WELL_KNOWN = ("/.well-known/api-catalog", "/openapi.json")
MAX_REDIRECTS = 2
_VALID_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$")


class SiteSkillSource:
    """Per page: the HTML manifest, tool forms, and OpenAPI documents (cached per document and origin).

    `reserved` names (the browser skills) are never shadowed: a site function named like one is
    offered as `site_<name>`. Nothing outside `allowed_domains` (with none: outside the page's
    own host) is fetched or offered, redirects included. `probe_well_known` looks for
    /.well-known/api-catalog and /openapi.json once per origin (one quick request each, at most
    `timeout_s`).
    """

    def __init__(
        self,
        *,
        reserved: Collection[str] = (),
        allowed_domains: Collection[str] = (),
        probe_well_known: bool = True,
        timeout_s: float = 2.0,
        budget: int = 1500,
    ) -> None:
        self.reserved = set(reserved)
        self.allowed_domains = list(allowed_domains)
        self.probe_well_known = probe_well_known
        self.timeout_s = timeout_s
        self.budget = budget
        self._docs: dict[str, list[SiteFunction]] = {}
        self._origins: dict[str, list[SiteFunction]] = {}
        self._skills: dict[str, Skill] = {}

    async def skills_for(self, page: Page) -> list[Skill]:
        out = []
        for fn in await self.functions_for(page):
            key = fn.model_dump_json()
            if key not in self._skills:
                name = f"site_{fn.name}" if fn.name in self.reserved else fn.name
                self._skills[key] = fn.to_skill(name=name, budget=self.budget)
            out.append(self._skills[key])
        return out

    async def functions_for(self, page: Page) -> list[SiteFunction]:
        """Every function the current page publishes; the first one of a name wins."""
        if urlsplit(page.url).scheme not in ("http", "https"):
            return []
        script = resources.files("navwright.sites").joinpath("discover.js").read_text(encoding="utf-8")
        try:
            raw: dict[str, Any] = await asyncio.wait_for(page.evaluate(script), self.timeout_s * 2)
        except (PlaywrightError, TimeoutError):
            return []
        url = str(raw.get("url") or page.url)
        found = manifest_functions(raw.get("manifest") or [], url) + form_functions(
            raw.get("forms") or [], url
        )
        found += await self._openapi(page, url, raw.get("serviceDescs") or [], raw.get("catalogs") or [])
        unique: dict[str, SiteFunction] = {}
        for fn in found:
            if _VALID_NAME.match(fn.name) and fn.name not in unique and self._offered(fn, page.url):
                unique[fn.name] = fn
        return list(unique.values())

    async def _openapi(
        self, page: Page, url: str, descs: list[str], catalogs: list[str]
    ) -> list[SiteFunction]:
        out: list[SiteFunction] = []
        for catalog in catalogs:
            descs = descs + await self._catalog(page, catalog)
        for desc in descs:
            out += await self._document(page, desc)
        site = origin(url)
        if self.probe_well_known and not descs and not catalogs:
            if site not in self._origins:
                self._origins[site] = await self._probe(page, site)
            out += self._origins[site]
        return out

    async def _probe(self, page: Page, site: str) -> list[SiteFunction]:
        catalog, plain = await asyncio.gather(
            self._fetch_json(page, site + WELL_KNOWN[0]), self._fetch_json(page, site + WELL_KNOWN[1])
        )
        out: list[SiteFunction] = []
        for desc in catalog_service_descs(catalog, site + WELL_KNOWN[0]) if catalog else []:
            out += await self._document(page, desc)
        if plain is not None:
            out += openapi_functions(plain, site + WELL_KNOWN[1]) if isinstance(plain, dict) else []
        return out

    async def _catalog(self, page: Page, url: str) -> list[str]:
        data = await self._fetch_json(page, url)
        return catalog_service_descs(data, url) if data is not None else []

    async def _document(self, page: Page, url: str) -> list[SiteFunction]:
        if url not in self._docs:
            doc = await self._fetch_json(page, url)
            self._docs[url] = openapi_functions(doc, url) if isinstance(doc, dict) else []
        return self._docs[url]

    def fence(self, page_url: str) -> list[str]:
        """The hosts discovery and calls may reach: the allowed domains, else the page's own host."""
        if self.allowed_domains:
            return self.allowed_domains
        return [urlsplit(page_url).hostname or "-"]

    def _offered(self, fn: SiteFunction, page_url: str) -> bool:
        """A function whose request would leave the fence is never offered."""
        fence = self.fence(page_url)
        if not host_allowed(fn.origin, fence):
            return False
        call = fn.invocation
        return not isinstance(call, HttpCall) or host_allowed(call.url, fence)

    async def _fetch_json(self, page: Page, url: str) -> Any:
        """The JSON at `url`, or None (missing, not JSON, slow, or outside the fence, redirects included)."""
        fence = self.fence(page.url)
        for _ in range(MAX_REDIRECTS + 1):
            if not host_allowed(url, fence):
                return None
            try:
                reply = await page.context.request.get(
                    url, timeout=self.timeout_s * 1000, fail_on_status_code=False, max_redirects=0
                )
                location = reply.headers.get("location")
                if 300 <= reply.status < 400 and location:
                    url = urljoin(url, location)
                    continue
                if reply.status != 200:
                    return None
                return json.loads(await reply.text())
            except (PlaywrightError, json.JSONDecodeError, UnicodeDecodeError):
                return None
        return None
