"""WebMCP-style tool forms: discovered with their schema, filled, submitted only when declared."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from playwright.async_api import Page
from site_server import Site

from navwright.sites import FormCall, SiteSkillSource

FORMS_PAGE = """<!doctype html><title>Flights</title>
<form toolname="find_flights" tooldescription="Find flights between two airports" action="/results"
      method="get" toolautosubmit>
  <label>From <input name="from" required toolparamdescription="departure airport code"></label>
  <label>To <input name="to" required></label>
  <label>Class <select name="cabin"><option value="economy">Economy</option>
    <option value="business">Business</option></select></label>
  <label><input type="checkbox" name="direct"> Direct only</label>
  <input type="hidden" name="ref" value="home">
  <button type="submit">Search</button>
</form>
<form toolname="book_seat" tooldescription="Book a seat" action="/book" method="post">
  <label>Seat <input name="seat" required pattern="[0-9]+[A-F]"></label>
  <label><input type="radio" name="meal" value="veg"> Veg</label>
  <label><input type="radio" name="meal" value="fish"> Fish</label>
  <button type="submit">Book</button>
</form>"""

MakeSite = Callable[[Mapping[str, str]], Site]


async def test_tool_forms_are_discovered_with_their_schemas(site: MakeSite, tab: Page) -> None:
    s = site({"/": FORMS_PAGE})
    await tab.goto(s.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    find = fns["find_flights"]
    assert find.source == "webmcp" and find.read_only  # a GET form
    assert find.description == "Find flights between two airports"
    props = find.parameters["properties"]
    assert list(props) == ["from", "to", "cabin", "direct"]  # hidden inputs are not parameters
    assert props["from"]["description"] == "departure airport code"
    assert props["to"]["description"] == "To"  # falls back to the label
    assert props["cabin"]["enum"] == ["economy", "business"]
    assert props["direct"]["type"] == "boolean"
    assert find.parameters["required"] == ["from", "to"]
    assert isinstance(find.invocation, FormCall) and find.invocation.autosubmit
    book = fns["book_seat"]
    assert not book.read_only and book.parameters["properties"]["meal"]["enum"] == ["veg", "fish"]


async def test_autosubmit_form_is_filled_and_submitted(site: MakeSite, tab: Page) -> None:
    s = site({"/": FORMS_PAGE, "/results": "<title>Results</title><p>3 flights</p>"})
    await tab.goto(s.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["find_flights"].invoke(
        tab, {"from": "AMS", "to": "LIS", "cabin": "business", "direct": True}
    )
    assert result.ok, result.error
    assert "submitted" in result.detail
    await tab.wait_for_url("**/results?**")
    assert "from=AMS&to=LIS&cabin=business&direct=on&ref=home" in tab.url


async def test_form_without_autosubmit_is_only_filled(site: MakeSite, tab: Page) -> None:
    s = site({"/": FORMS_PAGE})
    await tab.goto(s.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["book_seat"].invoke(tab, {"seat": "12C", "meal": "fish"})
    assert result.ok, result.error
    assert "not submitted yet" in result.detail
    assert await tab.locator("input[name=seat]").input_value() == "12C"
    assert await tab.locator("input[value=fish]").is_checked()
    assert tab.url == s.url + "/"


async def test_form_arguments_are_checked_against_the_input_pattern(site: MakeSite, tab: Page) -> None:
    s = site({"/": FORMS_PAGE})
    await tab.goto(s.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["book_seat"].invoke(tab, {"seat": "window"})
    assert not result.ok and "does not match" in (result.error or "")
    assert await tab.locator("input[name=seat]").input_value() == ""
