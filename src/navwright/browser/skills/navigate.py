"""open_url and go_back."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.types import ActionResult


class OpenUrlParams(BaseModel):
    url: str = Field(description="address to open")


class NoParams(BaseModel):
    pass


def normalize_url(url: str) -> str:
    """Add https:// to a bare host name; keep everything with a scheme as given."""
    url = url.strip()
    if "://" in url or url.startswith(("about:", "data:", "file:", "chrome:")):
        return url
    return "https://" + url


@skill("open_url", OpenUrlParams, does="go", offered_on=())
async def open_url(ctx: SkillContext, p: OpenUrlParams) -> ActionResult:
    """Open a web address in the current tab."""
    url = normalize_url(p.url)

    async def act() -> str:
        note = await ctx.session.open(url)
        return f"opened {url}" + (f" ({note})" if note else "")

    return await act_and_observe(ctx.session, "open_url", act, secrets=ctx.secrets)


@skill("go_back", NoParams, does="go", offered_on=("history",))
async def go_back(ctx: SkillContext, p: NoParams) -> ActionResult:
    """Go back to the previous page in this tab."""

    async def act() -> str:
        response = await ctx.session.page.go_back(wait_until="domcontentloaded")
        if response is None and ctx.session.page.url in ("about:blank", ""):
            return "there was no earlier page in this tab"
        return "went back"

    return await act_and_observe(ctx.session, "go_back", act, secrets=ctx.secrets)
