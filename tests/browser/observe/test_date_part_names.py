"""A field named only as a part of a date ("Day", "Month", "Year") is named by the date it is part of,
as a person reads the form: "Date of birth › Day". A model shown three bare selects "Day", "Month",
"Year" filled them with their first options (1 January 2026) for a person born on 2 July 1995."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from navwright.browser.chromium import BrowserSettings
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession

Serve = Callable[[Mapping[str, str]], str]

DAYS = "".join(f"<option>{d}</option>" for d in range(1, 32))
MONTHS = "<option>January</option><option>July</option>"
YEARS = "<option>2026</option><option>1995</option>"
SELECTS = (f'<select id="d" aria-label="Day"><option value="">Day</option>{DAYS}</select>'
           f'<select aria-label="Month">{MONTHS}</select><select aria-label="Year">{YEARS}</select>')
PAGES = {
    # a label for the first of three selects each of which says its part (a city's permit form)
    "/labelled": f'<form><div><label for="first">First name</label><input id="first"></div>'
                 f'<div><label for="d">Date of birth</label>'
                 f'<div class="hint">For example, 27 March 1985</div>'
                 f'{SELECTS}</div><div><label for="mail">Email</label><input id="mail"></div>'
                 f'<button>Continue</button></form>',
    # the fieldset pattern of government forms: a legend, three text boxes labelled by their part
    "/fieldset": '<form><fieldset><legend>When did you move in?</legend>'
                 + "".join(f'<div><label for="{p}">{p}</label><input id="{p}" size="4"></div>'
                           for p in ("Day", "Month", "Year"))
                 + '</fieldset><label>Card expiry <select aria-label="Month"><option>01</option></select>'
                 '</label><button>Save</button></form>',
    # a filter's own "Year": it is not a part of anything
    "/filter": f'<form><label for="y">Year</label><select id="y">{YEARS}</select>'
               f'<label for="q">Search</label><input id="q"><button>Go</button></form>',
}


async def _names(serve: Serve, path: str) -> list[str]:
    async with BrowserSession(BrowserSettings()) as session:
        await session.open(serve(PAGES) + path)
        obs = await observe(session.page, "all")
        return [e.name for e in obs.elements if e.role in {"select", "textbox", "combobox"}]


async def test_date_parts_are_named_by_the_label_of_their_date(serve: Serve) -> None:
    assert await _names(serve, "/labelled") == [
        "First name", "Date of birth › Day", "Date of birth › Month", "Date of birth › Year", "Email"]


async def test_date_parts_are_named_by_their_fieldsets_legend_or_wrapping_label(serve: Serve) -> None:
    assert await _names(serve, "/fieldset") == [
        "When did you move in? › Day", "When did you move in? › Month", "When did you move in? › Year",
        "Card expiry › Month"]


async def test_a_field_whose_own_label_is_year_keeps_its_name(serve: Serve) -> None:
    assert await _names(serve, "/filter") == ["Year", "Search"]
