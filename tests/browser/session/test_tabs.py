"""Tabs: links and scripts that open tabs make them current and say so; switch and close."""

from __future__ import annotations

from browser_site import Site, element_id, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession


def _pages(base_title: str = "Home") -> dict[str, str]:
    return {
        "/": f"""<title>{base_title}</title>
            <a href="/help" target="_blank">Help</a>
            <button onclick="window.open('/help')">Open help by script</button>""",
        "/help": "<title>Help</title><h1>Help centre</h1><a href='/'>Back home</a>",
    }


async def test_link_opening_a_new_tab_makes_it_current(site: Site, session: BrowserSession) -> None:
    base = site(_pages())
    await session.open(base)
    result = await run_skill(session, "click", element=await element_id(session, "Help"))
    assert result.ok and result.new_tab
    assert result.url == base + "/help" and result.title == "Help"
    assert "now on tab 1 of 2" in result.detail
    assert session.page.url == base + "/help"
    assert "Back home" in [e.name for e in result.appeared]
    assert "new tab" in render_result(result)


async def test_script_opening_a_tab_is_reported_too(site: Site, session: BrowserSession) -> None:
    base = site(_pages())
    await session.open(base)
    result = await run_skill(session, "click", element=await element_id(session, "Open help by script"))
    assert result.new_tab and result.url == base + "/help"


async def test_switch_and_close_tabs(site: Site, session: BrowserSession) -> None:
    base = site(_pages())
    await session.open(base)
    await run_skill(session, "click", element=await element_id(session, "Help"))
    back = await run_skill(session, "switch_tab", tab=0)
    assert back.ok and back.url == base + "/" and back.title == "Home"
    assert 'Tabs: 0 "Home"' in back.detail and "(current)" in back.detail
    missing = await run_skill(session, "switch_tab", tab=5)
    assert not missing.ok and missing.error is not None and "no tab 5" in missing.error
    closed = await run_skill(session, "close_tab", tab=1)
    assert closed.ok and len(session.pages) == 1
    closed_last = await run_skill(session, "close_tab")
    assert closed_last.ok and len(session.pages) == 1 and session.page.url == "about:blank"
