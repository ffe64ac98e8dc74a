"""search_site: find the site's search box, search for a term, and say what the result page shows."""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import ElementError, click_locator, marked, skill_script
from navwright.browser.types import ActionResult

KEY = "search-box"
TOP_RESULTS = 8


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
        return Results.model_validate(await page.evaluate(skill_script("results.js"), limit))
    except PlaywrightError:
        return Results()


def results_text(found: Results) -> str:
    head = found.none or found.count or f"{len(found.results)} result links"
    lines = [f"[{r.id}] {r.name}" if r.id else r.name for r in found.results]
    return "\n".join([f"Results: {head}", *lines])


@skill("search_site", SearchParams, offered_on=("search_box",))
async def search_site(ctx: SkillContext, p: SearchParams) -> ActionResult:
    """Search this site with its own search box and list the first results."""

    async def act() -> str:
        page = ctx.session.page
        raw = await page.evaluate(skill_script("search.js"), KEY)
        if raw is None:
            raise ElementError("this page has no search box; open the site's home page or browse its menus")
        box = _Box.model_validate(raw)
        field = marked(page, KEY)
        await field.fill(p.query)
        if box.button and not box.form:
            how = await click_locator(page, marked(page, KEY + "-go"), "the search button")
        else:
            await field.press("Enter")
            how = "pressed Enter"
        return f"searched for {p.query!r} in the search box {box.name!r} ({how})"

    result = await act_and_observe(ctx.session, "search_site", act, secrets=ctx.secrets)
    if result.ok:
        result.text = results_text(await list_results(ctx.session.page))
        result.appeared = [e for e in result.appeared if e.role != "link"][:6]
    return result
