"""The session's last look at each tab: one observation per action, reused only in its own document."""

from __future__ import annotations

from browser_site import Site, element_id, run_skill

from navwright.browser.session import BrowserSession
from navwright.browser.settle import doc_token

PAGE = """<!doctype html><title>Prefs</title>
<label><input type="checkbox" id="news"> Weekly news</label>
<button type="button" onclick="document.getElementById('more').hidden = false">More</button>
<div id="more" hidden><label><input type="checkbox"> Offers</label></div>"""
OTHER = """<!doctype html><title>Other</title><p>Another page</p>
<label><input type="checkbox"> Keep me signed in</label>"""


def _id(seen_text: str, name: str) -> str:
    line = next(ln for ln in seen_text.splitlines() if f'"{name}"' in ln)
    return line.split("[", 1)[1].split("]", 1)[0]


async def test_each_action_takes_one_look_and_its_after_is_the_next_actions_before(
    site: Site, session: BrowserSession
) -> None:
    base = site({"/": PAGE})
    await session.open(base + "/")
    first = await session.views.look(session.page)
    assert session.views.taken == 1
    shown = await run_skill(session, "click", element=_id(first.full.text, "More"))
    checked = await run_skill(session, "click", element=_id(first.full.text, "Weekly news"))
    assert session.views.taken == 3  # no look before either action: the last one stood for it
    assert [e.name for e in shown.appeared] == ["Offers"] and shown.appeared[0].new
    assert [c.what for c in checked.changed] == ["checked"] and not checked.appeared
    current = await session.views.current(session.page)
    assert session.views.taken == 3  # the model's next view is the look the last action took
    assert not [ln for ln in current.full.text.splitlines() if ln.endswith(" new")]  # "Offers" was new
    # to the look after "More", not since


async def test_a_look_is_not_reused_once_the_tab_holds_another_document(
    site: Site, session: BrowserSession
) -> None:
    base = site({"/": PAGE, "/other": OTHER})
    await session.open(base + "/")
    seen = await session.views.look(session.page)
    assert session.views.kept(session.page, await doc_token(session.page)) is seen
    await session.page.evaluate("location.href = '/other'")  # the page went elsewhere by itself
    await session.page.wait_for_url(base + "/other")
    assert session.views.kept(session.page, await doc_token(session.page)) is None
    keep = await element_id(session, "Keep me signed in")  # read by code, not as the model's view
    result = await run_skill(session, "click", element=keep)
    assert result.ok and result.url == base + "/other"
    # compared with a fresh look at this document, not with the old page's ids
    assert [c.what for c in result.changed] == ["checked"]
    assert not result.appeared and not result.disappeared and not result.navigated
