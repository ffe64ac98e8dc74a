"""scroll: the page or one scrollable element, by screens."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import find
from navwright.browser.types import ActionResult

SCROLL_JS = """([dx, dy, el]) => {
  const doc = document.scrollingElement || document.documentElement;
  let box = el || doc;
  if (el) {
    const scrolls = (b) => b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1;
    while (box && box !== doc && !scrolls(box)) box = box.parentElement;
    box = box || doc;
  }
  const w = box === doc ? innerWidth : box.clientWidth, h = box === doc ? innerHeight : box.clientHeight;
  const x0 = box.scrollLeft, y0 = box.scrollTop;
  box.scrollBy({ left: dx * w, top: dy * h, behavior: "instant" });
  const max = Math.max(1, box.scrollHeight - h);
  return { moved: Math.round(Math.abs(box.scrollTop - y0) + Math.abs(box.scrollLeft - x0)),
           pct: Math.round(100 * box.scrollTop / max), page: box === doc };
}"""
DIRECTIONS = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}


class ScrollParams(BaseModel):
    direction: Literal["down", "up", "left", "right"] = "down"
    pages: float = Field(1.0, gt=0, le=10, description="how many screens")
    element: str | None = Field(None, description="element id to scroll inside (default: the page)")


@skill("scroll", ScrollParams, element_fields=("element",), offered_on=("long_page",))
async def scroll(ctx: SkillContext, p: ScrollParams) -> ActionResult:
    """Scroll the page, or a scrollable element, by screens."""

    async def act() -> str:
        dx, dy = DIRECTIONS[p.direction]
        args = [dx * p.pages, dy * p.pages]
        if p.element:
            loc = await find(ctx, p.element)
            out = await loc.evaluate(f"(el, a) => ({SCROLL_JS})([a[0], a[1], el])", args)
        else:
            out = await ctx.session.page.evaluate(SCROLL_JS, [*args, None])
        what = "the page" if out["page"] else f"element {p.element}"
        if not out["moved"]:
            return f"{what} could not scroll further {p.direction}"
        return f"scrolled {what} {p.direction} by {p.pages:g} screen(s); now {out['pct']}% of the way down"

    return await act_and_observe(ctx.session, "scroll", act, secrets=ctx.secrets)
