"""Map an element id from an observation to a Playwright Locator in the right frame."""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Page

from navwright.browser.errors import StaleElement, UnknownElement
from navwright.browser.observe import frame_locator_chain, page_script

RESOLVE_TIMEOUT_MS = 1500


def frame_key_of(element_id: str) -> str | None:
    """The frame key an id belongs to: "12" -> None (top document), "7.3.2" -> "7/7.3"."""
    parts = element_id.split(".")
    if len(parts) == 1:
        return None
    return "/".join(".".join(parts[: i + 1]) for i in range(len(parts) - 1))


async def locate(page: Page, element_id: str) -> Locator:
    """The Locator of an observed element. Raises UnknownElement if the id was never issued on this
    page (or is malformed) and StaleElement if it was issued but the element is gone."""
    element_id = element_id.strip().strip("[]*")
    if not element_id or not all(p.isdigit() for p in element_id.split(".")):
        raise UnknownElement(element_id)
    key = frame_key_of(element_id)
    prefix = element_id[: element_id.rfind(".") + 1]
    opts = {"resolve": element_id, "prefix": prefix}
    selector = f'[data-nw="{element_id}"]'
    if key is None:
        status = await page.evaluate(page_script(), opts)
        locator = page.locator(selector)
    else:
        frames = frame_locator_chain(page, key)
        try:
            status = await frames.locator(":root").evaluate(page_script(), opts, timeout=RESOLVE_TIMEOUT_MS)
        except PlaywrightError:
            raise StaleElement(element_id) from None
        locator = frames.locator(selector)
    if status == "unknown":
        raise UnknownElement(element_id)
    if status == "stale":
        raise StaleElement(element_id)
    return locator
