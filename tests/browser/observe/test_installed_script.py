"""A navwright session installs the page script as each document starts; observe uses that copy."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from navwright.browser.chromium import BrowserSettings
from navwright.browser.observe import observe, quick_call
from navwright.browser.session import BrowserSession

Serve = Callable[[Mapping[str, str]], str]


async def test_the_page_script_is_installed_before_the_first_observation(serve: Serve) -> None:
    url = serve({"/": "<button>Go</button><iframe srcdoc='<button>Inside</button>'></iframe>"}) + "/"
    async with BrowserSession(BrowserSettings()) as session:
        await session.open(url)
        assert await session.page.evaluate(quick_call(), {"mode": "all"}) is not None  # the installed copy
        assert await session.page.frames[1].evaluate("typeof window.__nw") == "object"
        obs = await observe(session.page, "all")
        assert [e.name for e in obs.elements] == ["Go", "Inside"]

