"""Helpers the skills share: resolve an id, probe an element, click it the right way."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from playwright.async_api import Locator, Page
from pydantic import BaseModel, Field

from navwright.browser.errors import BrowserError, Refused
from navwright.browser.locate import locate
from navwright.browser.skills.base import SkillContext
from navwright.browser.types import PageProblem

UNSET_NEAR = """el => {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const name = norm(el.getAttribute("aria-label") || el.innerText || el.value || el.textContent).slice(0, 60);
  let box = el.form || el.closest("form");
  for (let up = el.parentElement, i = 0; !box && up && i < 5; up = up.parentElement, i++) {
    if (up.querySelector("input, select, textarea")) box = up;
  }
  const unset = [];
  const consent = /agree|accept|terms|consent|confirm|acknowledge/i;
  for (const c of box ? box.querySelectorAll("input, select, textarea") : []) {
    if (c.type === "hidden" || c.disabled || unset.length >= 3) continue;
    const own = c.getAttribute("aria-label") || c.placeholder || c.name;
    const label = norm(c.labels && c.labels.length ? c.labels[0].innerText : own);
    const empty = c.type === "checkbox" || c.type === "radio" ? !c.checked : !c.value;
    if ((c.willValidate && !c.validity.valid) || (c.type === "checkbox" && empty && consent.test(label))) {
      if (!unset.some((u) => u.label === label)) unset.push({ label, id: c.getAttribute("data-nw") });
    }
  }
  return { name, unset };
}"""


def element_field() -> Any:
    """The `element` parameter every element skill shares (an id from the page)."""
    return Field(description="element id")


class OptionInfo(BaseModel):
    label: str
    value: str


class Probe(BaseModel):
    """What an element is and whether a pointer click reaches it (from probe.js)."""

    tag: str
    type: str = ""
    ctag: str = ""
    role: str = ""
    disabled: bool = False
    readonly: bool = False
    editable: bool = False
    checkable: bool = False
    checked: bool | None = None
    covered: str | None = None
    viaLabel: bool = False
    options: list[OptionInfo] = Field(default_factory=list)
    optionValue: str | None = None
    multiple: bool = False

    @property
    def kind(self) -> str:
        """A short noun for messages: 'a drop-down list', 'a checkbox', 'a button'."""
        if self.tag == "select":
            return "a drop-down list"
        if self.checkable:
            return f"a {self.type or self.role or 'checkbox'}"
        if self.tag in ("input", "textarea") or self.editable:
            return "a text field"
        return f"a {self.role or self.tag}"


class ElementError(BrowserError):
    """The element exists but the action does not fit it; the message says what to do instead."""


@cache
def _probe_script() -> str:
    return resources.files("navwright.browser.skills").joinpath("probe.js").read_text(encoding="utf-8")


async def find(ctx: SkillContext, element_id: str) -> Locator:
    return await locate(ctx.session.page, element_id)


async def probe(loc: Locator) -> Probe:
    return Probe.model_validate(await loc.evaluate(_probe_script()))


async def click_locator(page: Page, loc: Locator, element_id: str, info: Probe | None = None) -> str:
    """Click with real pointer events; a DOM click only when something covers the element.

    Returns how it was clicked, in words.
    """
    info = info or await probe(loc)
    if info.disabled:
        raise await disabled_refusal(loc, element_id)
    if info.tag == "option" and info.optionValue is not None:
        select = loc.locator("xpath=ancestor::select[1]")
        await select.select_option(value=info.optionValue)
        return f"chose option {element_id} in its list"
    if info.tag == "select":
        choices = ", ".join(o.label for o in info.options[:15])
        raise ElementError(f"element {element_id} is a drop-down list; use select_option with: {choices}")
    if info.covered is None:
        await loc.click(force=True)
        return f"clicked {element_id} with the mouse" + (" (on its label)" if info.viaLabel else "")
    await loc.evaluate("el => el.click()")
    return f"clicked {element_id} with a DOM click because {info.covered}"


class _Unset(BaseModel):
    label: str
    id: str | None = None


class _Near(BaseModel):
    name: str = ""
    unset: list[_Unset] = Field(default_factory=list)


async def disabled_refusal(loc: Locator, element_id: str) -> Refused:
    """A disabled target, said as a typed problem with the required fields near it that are unset."""
    near = _Near.model_validate(await loc.evaluate(UNSET_NEAR))
    text = ", ".join(f'"{u.label}"' + (f" [{u.id}]" if u.id else "") for u in near.unset)
    message = f"element {element_id} is disabled; it cannot be clicked now"
    if text:
        message += f" (not set yet: {text})"
    return Refused(message, [PageProblem(kind="disabled", label=near.name, id=element_id, text=text)])


@cache
def skill_script(name: str) -> str:
    """The source of a page script that ships beside the skills (`search.js`, `form.js`...)."""
    return resources.files("navwright.browser.skills").joinpath(name).read_text(encoding="utf-8")


def marked(page: Page, key: str) -> Locator:
    """The element a skill script marked with `data-nwk=key`."""
    return page.locator(f'[data-nwk="{key}"]').first
