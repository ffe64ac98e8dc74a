"""The record each of several like controls belongs to: the row, card or item that holds one "Cancel"
and none of the others (owners.js). What a commit's veto reads to tell one record from another."""

from __future__ import annotations

import asyncio
from functools import cache
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from navwright.browser.types import ElementInfo, Observation

OWNERS_TIMEOUT_S = 2.0


@cache
def _script() -> str:
    return resources.files("navwright.browser").joinpath("owners.js").read_text(encoding="utf-8")


def alike(target: ElementInfo, obs: Observation) -> list[ElementInfo]:
    """The elements of the top document that share the target's role and name (the target among them)."""
    if target.frame or not target.name:
        return []
    name = target.name.strip().lower()
    return [e for e in obs.elements
            if not e.frame and e.role == target.role and e.name.strip().lower() == name]


async def owners(page: Page, target: ElementInfo, obs: Observation) -> dict[str, str]:
    """Element id -> the text of its record, for the target and each element like it; empty when the
    target has no like (one "Cancel" on the page) or the page could not be read."""
    like = alike(target, obs)
    if len(like) < 2:
        return {}
    try:
        found = await asyncio.wait_for(page.evaluate(_script(), [e.id for e in like]), OWNERS_TIMEOUT_S)
    except (PlaywrightError, TimeoutError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items() if isinstance(v, str)}
