"""Where a page hides what a request names: the tab, accordion header or toggle to open first.

Content in a closed tab is in the document but not on screen, so no observation shows it; a person
knows to look behind the tabs. Code finds the observed control whose panel holds an element with
exactly the named text, so the navigator can be told to open it (agent/named.py).
"""

from __future__ import annotations

import asyncio

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from navwright.browser.skills.common import skill_script

TIMEOUT_S = 2.0


async def hidden_holders(page: Page, names: list[str]) -> dict[str, str]:
    """name -> the element id (of the last observation) that reveals it; {} when the page cannot say."""
    if not names:
        return {}
    try:
        found = await asyncio.wait_for(page.evaluate(skill_script("hidden.js"), names), TIMEOUT_S)
    except (TimeoutError, PlaywrightError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items() if isinstance(v, str)}
