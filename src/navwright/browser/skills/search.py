"""search_site: find the site's search box, search for a term, and say what the result page shows."""

from __future__ import annotations

import asyncio
import re

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel, Field, ValidationError

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import ElementError, click_locator, marked, skill_script
from navwright.browser.types import ActionResult

KEY = "search-box"
TOP_RESULTS = 8
READ_TIMEOUT_S = 5.0
RETRIES = 4
"""Shorter searches tried when a search finds nothing."""
QUERY_STOP = frozenset({"the", "a", "an", "of", "in", "on", "for", "and", "to", "at", "by", "with", "my",
                        "our", "your", "me", "i", "is", "are", "was", "what", "how", "about", "from", "did",
                        "does"})
_ZERO = re.compile(r"(?:about\s+)?0\s")


class SearchParams(BaseModel):
    query: str = Field(description="what to search the site for")


class _Box(BaseModel):
    name: str
    form: bool
    button: bool


class ResultLink(BaseModel):
    id: str | None = None
    name: str


class Results(BaseModel):
    count: str | None = None
    none: str | None = None
    results: list[ResultLink] = Field(default_factory=list)


async def list_results(page: Page, limit: int = TOP_RESULTS) -> Results:
    """The visible result count and the first result links (empty when the page cannot be read)."""
    try:
        raw = await asyncio.wait_for(page.evaluate(skill_script("results.js"), limit), READ_TIMEOUT_S)
        return Results.model_validate(raw)
    except (PlaywrightError, TimeoutError, ValidationError):
        return Results()


def results_text(found: Results) -> str:
    head = found.none or found.count or f"{len(found.results)} result links"
    lines = [f"[{r.id}] {r.name}" if r.id else r.name for r in found.results]
    return "\n".join([f"Results: {head}", *lines])


def found_nothing(found: Results) -> bool:
    """The result page says it found nothing ("No results", "0 results")."""
    return found.none is not None or bool(found.count and _ZERO.match(found.count))


def shorter_queries(query: str) -> list[str]:
    """What a person tries when a search finds nothing: the names in the query (its capitalised words),
    its words without the small ones, each of those words in turn, then the query with its last words
    dropped. Many site searches match the whole query as written, so "Corva 1908 census" finds nothing
    where "Corva" finds the article, and "quote for repairing my bike" nothing where "quote" does."""
    words = query.split()
    names = " ".join(w for w in words if w[:1].isupper() and w.lower() not in QUERY_STOP)
    content = [w.strip(" ,.;:?!") for w in words if w.lower().strip(" ,.;:?!") not in QUERY_STOP]
    content = [w for w in content if len(w) >= 3]
    prefixes = [" ".join(words[:n]) for n in range(len(words) - 1, 0, -1)]
    tried = {query.casefold()}
    out: list[str] = []
    for q in [names, " ".join(content), *content, *prefixes]:
        q = q.strip(" ,.;:?!")
        if q and q.casefold() not in tried and q.casefold() not in QUERY_STOP:
            tried.add(q.casefold())
            out.append(q)
    return out[:RETRIES]


async def _search(ctx: SkillContext, query: str) -> ActionResult:
    async def act() -> str:
        page = ctx.session.page
        raw = await page.evaluate(skill_script("search.js"), KEY)
        if raw is None:
            raise ElementError("this page has no search box; open the site's home page or browse its menus")
        box = _Box.model_validate(raw)
        field = marked(page, KEY)
        await field.fill(query)
        if box.button and not box.form:
            how = await click_locator(page, marked(page, KEY + "-go"), "the search button")
        else:
            await field.press("Enter")
            how = "pressed Enter"
        return f"searched for {query!r} in the search box {box.name!r} ({how})"

    return await act_and_observe(ctx.session, "search_site", act, secrets=ctx.secrets)


@skill("search_site", SearchParams, does="search", offered_on=("search_box",))
async def search_site(ctx: SkillContext, p: SearchParams) -> ActionResult:
    """Search this site with its own search box and list the first results."""
    result = await _search(ctx, p.query)
    if not result.ok:
        return result
    found = await list_results(ctx.session.page)
    used = p.query
    for shorter in shorter_queries(p.query) if found_nothing(found) else []:
        retry = await _search(ctx, shorter)
        if not retry.ok:
            break
        result, found, used = retry, await list_results(ctx.session.page), shorter
        if not found_nothing(found):
            break
    if used != p.query:
        result.detail = f"no results for {p.query!r}; searched {used!r} instead"
    result.text = results_text(found)
    result.appeared = [e for e in result.appeared if e.role != "link"][:6]
    return result
