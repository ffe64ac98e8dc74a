"""select_option and set_checked: choosing, for native and custom widgets alike."""

from __future__ import annotations

from playwright.async_api import Locator, Page
from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.settle import settle
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import (
    ElementError,
    OptionInfo,
    click_locator,
    element_field,
    find,
    probe,
)
from navwright.browser.types import ActionResult

OPTION_ROLES = ("option", "menuitem", "menuitemradio", "treeitem", "gridcell")


class SelectParams(BaseModel):
    element: str = element_field()
    option: str = Field(description="option label or value")


class CheckParams(BaseModel):
    element: str = element_field()
    checked: bool = Field(True, description="true to check, false to uncheck")


def match_option(options: list[OptionInfo], wanted: str) -> OptionInfo | None:
    """Exact label, exact value, then case-insensitive, then a unique partial label match."""
    w = wanted.strip()
    low = w.casefold()
    for field, fold in (("label", False), ("value", False), ("label", True), ("value", True)):
        for o in options:
            have = getattr(o, field)
            if (have.casefold() == low) if fold else (have == w):
                return o
    partial = [o for o in options if w.casefold() in o.label.casefold()]
    return partial[0] if len(partial) == 1 else None


async def _open_and_pick(page: Page, loc: Locator, element_id: str, wanted: str) -> str:
    """A custom dropdown: click it open, then click the option whose name matches."""
    how = await click_locator(page, loc, element_id)
    await settle(page)
    for role in OPTION_ROLES:
        option = page.get_by_role(role, name=wanted, exact=False)  # type: ignore[arg-type]
        if await option.count() and await option.first.is_visible():
            await option.first.click()
            return f"{how} to open it, then chose {wanted!r}"
    text = page.get_by_text(wanted, exact=True)
    if await text.count() and await text.first.is_visible():
        await text.first.click()
        return f"{how} to open it, then chose {wanted!r}"
    raise ElementError(
        f"element {element_id} is not a drop-down list; it was clicked, but no option {wanted!r} appeared "
        "(see the elements that appeared, and click the one you want)"
    )


@skill("select_option", SelectParams, does="pick", element_fields=("element",), offered_on=("select",))
async def select_option(ctx: SkillContext, p: SelectParams) -> ActionResult:
    """Choose an option in a drop-down list (native or custom) by its label or value."""

    async def act() -> str:
        page = ctx.session.page
        loc = await find(ctx, p.element)
        info = await probe(loc)
        if info.disabled:
            raise ElementError(f"element {p.element} is disabled")
        if info.tag == "select":
            chosen = match_option(info.options, p.option)
            if chosen is None:
                labels = ", ".join(o.label for o in info.options[:20])
                raise ElementError(f"element {p.element} has no option {p.option!r}; its options: {labels}")
            await loc.select_option(value=chosen.value)
            return f"selected {chosen.label!r} in {p.element}"
        if info.checkable:
            raise ElementError(f"element {p.element} is {info.kind}; click it instead")
        texty = info.tag == "textarea" or (info.tag == "input" and info.type not in ("button", "submit"))
        if texty and info.role != "combobox":
            raise ElementError(f"element {p.element} is a text field; use type_text")
        return await _open_and_pick(page, loc, p.element, p.option)

    return await act_and_observe(ctx.session, "select_option", act, secrets=ctx.secrets)


@skill("set_checked", CheckParams, does="check", element_fields=("element",), offered_on=())
async def set_checked(ctx: SkillContext, p: CheckParams) -> ActionResult:
    """Check or uncheck a checkbox, radio button or switch (clicking it only if needed)."""

    async def act() -> str:
        loc = await find(ctx, p.element)
        info = await probe(loc)
        if not info.checkable:
            raise ElementError(f"element {p.element} is {info.kind}, not a checkbox; use click")
        state = "checked" if p.checked else "unchecked"
        if info.checked == p.checked:
            return f"{p.element} was already {state}"
        if not p.checked and "radio" in (info.type, info.role):
            raise ElementError(f"radio button {p.element} is unchecked by choosing another one in its group")
        how = await click_locator(ctx.session.page, loc, p.element, info)
        now = (await probe(loc)).checked
        if now != p.checked:
            raise ElementError(f"{how}, but it is still {'checked' if now else 'unchecked'}")
        return f"{how}; it is now {state}"

    return await act_and_observe(ctx.session, "set_checked", act, secrets=ctx.secrets)
