"""A field the page does not let one type into is said to be read-only (`ElementInfo.readonly`): its
value is set through a widget it opens (a date picker), so a click on it is what the page needs, and
`filled_not_pressed` leaves it offered while it holds the click of a prefilled field one types into."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from navwright.agent.filled import filled_fields
from navwright.browser.chromium import BrowserSettings
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession

Serve = Callable[[Mapping[str, str]], str]

PAGES = {
    "/pay": '<form><label for="a">Payment amount</label><input id="a" value="105.00">'
            '<label for="d">Payment date</label><input id="d" value="2026-12-03" readonly>'
            '<label for="n">Note</label><textarea id="n"></textarea>'
            '<button>Create payment</button></form>',
}


async def test_a_read_only_field_is_said_so_and_stays_offered_to_a_click(serve: Serve) -> None:
    async with BrowserSession(BrowserSettings()) as session:
        await session.open(serve(PAGES) + "/pay")
        obs = await observe(session.page, "all")
    by_name = {e.name: e for e in obs.elements}
    assert by_name["Payment date"].readonly and not by_name["Payment amount"].readonly
    assert filled_fields(obs, []) == {by_name["Payment amount"].id}
