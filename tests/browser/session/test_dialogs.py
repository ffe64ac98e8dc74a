"""JS dialogs never hang a run: reported, dismissed by default, accepted when asked first."""

from __future__ import annotations

import asyncio

from browser_site import Site, element_id, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession

PAGE = """
<button onclick="alert('Saved!'); document.getElementById('out').textContent = 'after alert'">Save</button>
<button onclick="document.getElementById('out').textContent = confirm('Delete item?') ? 'deleted' : 'kept'">
Delete</button>
<button onclick="document.getElementById('out').textContent = 'Hello ' + prompt('Your name?', 'guest')">
Greet</button>
<button onclick="setTimeout(() => alert('Later'), 10)">Remind</button>
<p id=out></p>
"""


async def _out(session: BrowserSession) -> str | None:
    return await session.page.locator("#out").text_content()


async def test_alert_is_reported_and_does_not_hang(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": PAGE}))
    result = await asyncio.wait_for(
        run_skill(session, "click", element=await element_id(session, "Save")), 10
    )
    assert result.ok
    assert result.dialog == 'an alert dialog said "Saved!"; it was dismissed'
    assert await _out(session) == "after alert"
    assert "Saved!" in render_result(result)


async def test_confirm_is_dismissed_by_default(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": PAGE}))
    result = await run_skill(session, "click", element=await element_id(session, "Delete"))
    assert result.dialog == 'a confirm dialog said "Delete item?"; it was dismissed'
    assert await _out(session) == "kept"
    assert "kept" in result.appeared_text


async def test_confirm_is_accepted_after_handle_dialog(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": PAGE}))
    policy = await run_skill(session, "handle_dialog", accept=True)
    assert policy.ok and "next dialog will be accepted" in policy.detail
    result = await run_skill(session, "click", element=await element_id(session, "Delete"))
    assert result.dialog is not None and result.dialog.endswith("it was accepted")
    assert await _out(session) == "deleted"
    again = await run_skill(session, "click", element=await element_id(session, "Delete"))
    assert again.dialog is not None and again.dialog.endswith("dismissed")


async def test_prompt_is_answered_with_the_given_text(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": PAGE}))
    await run_skill(session, "handle_dialog", accept=True, text="Ada")
    result = await run_skill(session, "click", element=await element_id(session, "Greet"))
    assert result.dialog == "a prompt dialog said \"Your name?\"; it was accepted with text 'Ada'"
    assert await _out(session) == "Hello Ada"


async def test_dialog_opened_by_a_timer_is_caught_by_settle(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": PAGE}))
    result = await run_skill(session, "click", element=await element_id(session, "Remind"))
    assert result.dialog is not None and '"Later"' in result.dialog


async def test_leaving_a_page_that_asks_first_is_reported_and_can_be_accepted(
    site: Site, session: BrowserSession
) -> None:
    base = site({
        "/": "<label>Draft <input id=d></label><script>addEventListener('beforeunload', (e) => "
        "{ e.preventDefault(); e.returnValue = ''; })</script>",
        "/next": "<title>Next</title>",
    })
    await session.open(base)
    await run_skill(session, "type_text", element=await element_id(session, "Draft"), text="unsaved")
    stayed = await run_skill(session, "open_url", url=base + "/next")
    assert not stayed.ok and stayed.dialog == "the page asked to confirm leaving; it was dismissed"
    assert session.page.url == base + "/"
    await run_skill(session, "handle_dialog", accept=True)
    left = await run_skill(session, "open_url", url=base + "/next")
    assert left.ok and left.title == "Next"
    assert left.dialog == "the page asked to confirm leaving; it was accepted"
