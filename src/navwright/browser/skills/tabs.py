"""switch_tab and close_tab."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.session import BrowserSession
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.types import ActionResult


class TabParams(BaseModel):
    tab: int = Field(ge=0, description="tab number, from 0")


class CloseTabParams(BaseModel):
    tab: int | None = Field(None, ge=0, description="tab number (default: the current tab)")


async def tabs_words(session: BrowserSession) -> str:
    """'Tabs: 0 "Home" (http://…), 1 "Cart" (http://…) (current).'"""
    parts = [
        f'{t.index} "{t.title[:40]}" ({t.url[:80]})' + (" (current)" if t.current else "")
        for t in await session.tab_list()
    ]
    return "Tabs: " + ", ".join(parts) + "."


@skill("switch_tab", TabParams, offered_on=("tabs",))
async def switch_tab(ctx: SkillContext, p: TabParams) -> ActionResult:
    """Make another open tab the current one."""

    async def act() -> str:
        page = ctx.session.switch_to(p.tab)
        await page.bring_to_front()
        return f"switched to tab {p.tab}. " + await tabs_words(ctx.session)

    return await act_and_observe(ctx.session, "switch_tab", act, secrets=ctx.secrets)


@skill("close_tab", CloseTabParams, offered_on=("tabs",))
async def close_tab(ctx: SkillContext, p: CloseTabParams) -> ActionResult:
    """Close a tab (default: the current one); the last remaining tab becomes current."""

    async def act() -> str:
        which = ctx.session.current_index() if p.tab is None else p.tab
        await ctx.session.close_tab(which)
        return f"closed tab {which}. " + await tabs_words(ctx.session)

    return await act_and_observe(ctx.session, "close_tab", act, secrets=ctx.secrets)
