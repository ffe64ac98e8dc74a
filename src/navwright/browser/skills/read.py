"""read_page and wait_for: reading without acting."""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.diff import redact
from navwright.browser.errors import BrowserError
from navwright.browser.observe import observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import ElementError, find
from navwright.browser.types import ActionResult, ObserveMode


class ReadParams(BaseModel):
    mode: ObserveMode = Field("all", description="text, fields or all")


class WaitParams(BaseModel):
    text: str | None = Field(None, description="wait until this text is visible")
    element: str | None = Field(None, description="wait until this element is visible and enabled")
    network_quiet: bool = Field(False, description="wait until the network is idle")
    seconds: float = Field(5.0, gt=0, le=15, description="longest wait")


@skill("read_page", ReadParams, read_only=True, changes_page=False, offered_on=())
async def read_page(ctx: SkillContext, p: ReadParams) -> ActionResult:
    """Read the current page (text, fields or all)."""
    try:
        obs = await observe(ctx.session.page, p.mode)
    except (PlaywrightError, BrowserError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else "unknown error"
        return ActionResult(action="read_page", ok=False, error=f"the page could not be read: {first}")
    result = ActionResult(
        action="read_page", ok=True, url=obs.url, title=obs.title, text=obs.text, ms=obs.ms_total
    )
    return redact(result, ctx.secrets)


@skill("wait_for", WaitParams, read_only=True, element_fields=("element",), offered_on=())
async def wait_for(ctx: SkillContext, p: WaitParams) -> ActionResult:
    """Wait (bounded) for text to appear, an element to be ready, or the network to go quiet."""

    async def act() -> str:
        page = ctx.session.page
        ms = p.seconds * 1000
        if p.text:
            await page.get_by_text(p.text).first.wait_for(state="visible", timeout=ms)
            return f"{p.text!r} is visible"
        if p.element:
            loc = await find(ctx, p.element)
            await loc.wait_for(state="visible", timeout=ms)
            handle = await loc.element_handle(timeout=ms)
            if handle is not None:
                await handle.wait_for_element_state("enabled", timeout=ms)
            return f"element {p.element} is visible and enabled"
        if p.network_quiet:
            await page.wait_for_load_state("networkidle", timeout=ms)
            return "the network is quiet"
        raise ElementError("say what to wait for: text, element or network_quiet")

    return await act_and_observe(ctx.session, "wait_for", act, secrets=ctx.secrets)
