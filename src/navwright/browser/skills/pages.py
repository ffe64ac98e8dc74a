"""next_page: move to the next page of a list (pagination link or button)."""

from __future__ import annotations

from pydantic import BaseModel

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import ElementError, click_locator, marked, skill_script
from navwright.browser.types import ActionResult

KEY = "next-page"


class NextPageParams(BaseModel):
    pass


class _Found(BaseModel):
    name: str
    how: str


@skill("next_page", NextPageParams, does="go", offered_on=("pagination",))
async def next_page(ctx: SkillContext, p: NextPageParams) -> ActionResult:
    """Go to the next page of a list or of search results (its Next link or page number)."""

    async def act() -> str:
        page = ctx.session.page
        raw = await page.evaluate(skill_script("nextpage.js"), KEY)
        if raw is None:
            raise ElementError("there is no link or button to a next page here; this may be the last page")
        found = _Found.model_validate(raw)
        loc = marked(page, KEY)
        return await click_locator(page, loc, repr(found.name or found.how))

    return await act_and_observe(ctx.session, "next_page", act, secrets=ctx.secrets)
