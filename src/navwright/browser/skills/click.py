"""click and hover."""

from __future__ import annotations

from pydantic import BaseModel

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import click_locator, element_field, find, probe
from navwright.browser.types import ActionResult


class ElementParams(BaseModel):
    element: str = element_field()


@skill("click", ElementParams, does="press", element_fields=("element",))
async def click(ctx: SkillContext, p: ElementParams) -> ActionResult:
    """Click an element: links, buttons, checkboxes, options, menu items, custom widgets."""

    async def act() -> str:  # a plain mouse click says nothing the action's own words do not
        loc = await find(ctx, p.element)
        info = await probe(loc)
        how = await click_locator(ctx.session.page, loc, p.element, info)
        return "" if info.covered is None and not info.viaLabel and info.optionValue is None else how

    return await act_and_observe(ctx.session, "click", act, secrets=ctx.secrets)


@skill("hover", ElementParams, element_fields=("element",), offered_on=())
async def hover(ctx: SkillContext, p: ElementParams) -> ActionResult:
    """Move the mouse over an element (opens hover menus and tooltips)."""

    async def act() -> str:
        loc = await find(ctx, p.element)
        info = await probe(loc)
        if info.covered is None:
            await loc.hover(force=True)
            return f"hovered over {p.element}"
        await loc.dispatch_event("mouseover")
        await loc.dispatch_event("mouseenter")
        return f"hovered over {p.element} with DOM events because {info.covered}"

    return await act_and_observe(ctx.session, "hover", act, secrets=ctx.secrets)
