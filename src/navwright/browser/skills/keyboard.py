"""type_text and press_key."""

from __future__ import annotations

import re
from collections.abc import Mapping

from playwright.async_api import Locator
from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, api_only, skill
from navwright.browser.skills.common import ElementError, Probe, element_field, find, probe
from navwright.browser.skills.dates import DATE_KINDS, input_value
from navwright.browser.types import ActionResult

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}")
TEXT_INPUTS = {"", "text", "search", "email", "password", "tel", "url", "number", "date", "datetime-local",
               "month", "week", "time"}
KEYED_UP_TO = 64
"""Text this short is typed key by key, as a person types it: widgets that read keydown and clear
their field (terminals, chat boxes, masked inputs) see every character. A line break is never a key
press (Enter would send the form), so text with one is filled."""
KEYED_TAIL = 2
"""Of longer text, the last characters are typed as real key presses (for listeners on keydown/keyup)."""
KEY_NAMES = {
    "ctrl": "Control", "control": "Control", "cmd": "Meta", "command": "Meta", "meta": "Meta",
    "alt": "Alt", "option": "Alt", "shift": "Shift", "enter": "Enter", "return": "Enter",
    "esc": "Escape", "escape": "Escape", "tab": "Tab", "space": "Space", "backspace": "Backspace",
    "delete": "Delete", "del": "Delete", "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft",
    "right": "ArrowRight", "pageup": "PageUp", "pagedown": "PageDown", "home": "Home", "end": "End",
}


class TypeParams(BaseModel):
    element: str = element_field()
    text: str = Field(description="text to type; {{NAME}} inserts a saved secret")
    append: bool = api_only(False, "keep the current text")
    enter: bool = Field(False, description="press Enter after typing")


class KeyParams(BaseModel):
    key: str = Field(description="key or combination, e.g. Enter, Escape, Control+A")
    element: str | None = Field(None, description="element id to focus first")


def fill_secrets(text: str, secrets: Mapping[str, str]) -> str:
    """Replace {{NAME}} with the secret's value; an unknown name is an error in words."""

    def one(m: re.Match[str]) -> str:
        if m.group(1) not in secrets:
            raise ElementError(f"there is no secret named {m.group(1)}; ask the user for it")
        return secrets[m.group(1)]

    return PLACEHOLDER.sub(one, text)


ELEMENT_REF = re.compile(r"\s+#\w+$")
"""An element's reference ("Submit #2") a small model wrote after the key: "Enter #2" is Enter."""


def normalize_key(key: str) -> str:
    parts = [p.strip() for p in re.split(r"\s*\+\s*", ELEMENT_REF.sub("", key.strip())) if p.strip()]
    fkey = re.compile(r"[fF]\d{1,2}")
    return "+".join(KEY_NAMES.get(p.lower(), p.upper() if fkey.fullmatch(p) else p) for p in parts)


def _check_typeable(info: Probe, element_id: str) -> None:
    if info.disabled or info.readonly:
        raise ElementError(f"element {element_id} is {'disabled' if info.disabled else 'read-only'}")
    if info.editable or info.tag == "textarea" or (info.tag == "input" and info.type in TEXT_INPUTS):
        return
    hint = "click"
    if info.tag == "select":
        hint = "select_option"
    elif info.checkable:
        hint = "set_checked"
    elif info.tag == "input" and info.type == "file":
        hint = "upload_file"
    raise ElementError(f"element {element_id} is {info.kind}, not a text field; use {hint}")


async def _type(loc: Locator, text: str, append: bool) -> None:
    keyed = len(text) - text.rfind("\n") - 1  # never a line break: its key would send the form
    keyed = min(keyed, KEYED_UP_TO if len(text) <= KEYED_UP_TO else KEYED_TAIL)
    head, tail = text[: len(text) - keyed], text[len(text) - keyed :]
    if append:
        await loc.evaluate(
            "el => { el.focus(); if (el.setSelectionRange && typeof el.value === 'string') "
            "{ try { el.setSelectionRange(el.value.length, el.value.length); } catch (e) {} } }"
        )
        if head:
            await loc.page.keyboard.insert_text(head)
    else:
        await loc.fill(head)
    if tail:
        await loc.press_sequentially(tail)


@skill("type_text", TypeParams, does="type", element_fields=("element",))
async def type_text(ctx: SkillContext, p: TypeParams) -> ActionResult:
    """Type text into a field, replacing its text; suggestions that appear are listed."""

    async def act() -> str:
        value = fill_secrets(p.text, ctx.secrets)
        loc = await find(ctx, p.element)
        info = await probe(loc)
        _check_typeable(info, p.element)
        shown = ""
        if info.type in DATE_KINDS:
            accepted = input_value(info.type, value, ctx.today)
            if accepted is None:
                raise ElementError(f"{p.element} is a {info.type} field and {p.text!r} is not a {info.type} "
                                   "it understands; write e.g. 2010-05-20 or 05/20/2010, 21:37 or 9:37 PM")
            await loc.fill(accepted)
            secret = PLACEHOLDER.search(p.text) is not None  # a secret's value is never shown
            shown = f" (as {accepted})" if accepted != value and not secret else ""
        else:
            await _type(loc, value, p.append)
        if p.enter:
            await loc.press("Enter")
        said = ([f"typed{shown}"] if shown else []) + (["pressed Enter"] if p.enter else [])
        return " and ".join(said)  # the action's own words say what was typed where

    return await act_and_observe(ctx.session, "type_text", act, secrets=ctx.secrets)


@skill("press_key", KeyParams, does="key", element_fields=("element",))
async def press_key(ctx: SkillContext, p: KeyParams) -> ActionResult:
    """Press keyboard keys (Enter, Escape, arrows, Control+A), optionally on an element; not buttons."""

    async def act() -> str:
        key = normalize_key(p.key)
        if p.element:
            await (await find(ctx, p.element)).press(key)
            return f"pressed {key} on {p.element}"
        await ctx.session.page.keyboard.press(key)
        return f"pressed {key}"

    return await act_and_observe(ctx.session, "press_key", act, secrets=ctx.secrets)
