"""select_option, set_checked and clicks on choosing widgets: native and custom."""

from __future__ import annotations

from browser_site import Site, element_id, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession

FORM = """
<form>
  <label for=size>Size</label>
  <select id=size><option value="">Pick one</option><option value="s">Small</option>
    <option value="m">Medium</option><option value="l">Large</option></select>
  <label><input type=checkbox id=news> Newsletter</label>
  <label class=fancy><input type=checkbox id=terms style="opacity:0;position:absolute;width:1px;height:1px">
    <span style="display:inline-block;width:18px;height:18px;border:1px solid"></span> Accept terms</label>
  <fieldset><legend>Delivery</legend>
    <label><input type=radio name=d value=post checked> Post</label>
    <label><input type=radio name=d value=courier> Courier</label></fieldset>
  <label for=note>Note</label><input id=note>
</form>
"""

DROPDOWN = """
<p>Fruit:</p>
<div id=dd role=combobox aria-expanded=false aria-haspopup=listbox aria-label=Fruit tabindex=0
  style="border:1px solid;width:200px;cursor:pointer">Choose a fruit</div>
<ul role=listbox id=opts hidden>
  <li role=option>Apple</li><li role=option>Banana</li><li role=option>Cherry</li></ul>
<p id=out></p>
<script>
  const dd = document.getElementById('dd'), opts = document.getElementById('opts');
  dd.onclick = () => { opts.hidden = !opts.hidden; dd.setAttribute('aria-expanded', String(!opts.hidden)); };
  opts.onclick = (e) => { document.getElementById('out').textContent = 'You chose ' + e.target.textContent;
    opts.hidden = true; dd.setAttribute('aria-expanded', 'false'); };
</script>
"""


async def _open(session: BrowserSession, site: Site, html: str) -> None:
    await session.open(site({"/": html}))


async def test_select_option_by_label_and_by_value(site: Site, session: BrowserSession) -> None:
    await _open(session, site, FORM)
    size = await element_id(session, "Size")
    by_label = await run_skill(session, "select_option", element=size, option="medium")
    assert by_label.ok, by_label.error
    assert await session.page.locator("#size").input_value() == "m"
    by_value = await run_skill(session, "select_option", element=size, option="l")
    assert by_value.ok
    assert await session.page.locator("#size").input_value() == "l"
    assert any(c.id == size and "Large" in c.what for c in by_value.changed) or "Large" in by_value.detail


async def test_select_option_unknown_lists_the_options(site: Site, session: BrowserSession) -> None:
    await _open(session, site, FORM)
    size = await element_id(session, "Size")
    result = await run_skill(session, "select_option", element=size, option="Huge")
    assert not result.ok
    assert result.error is not None and "Small, Medium, Large" in result.error


async def test_set_checked_checks_once_and_reports_already_checked(
    site: Site, session: BrowserSession
) -> None:
    await _open(session, site, FORM)
    news = await element_id(session, "Newsletter")
    first = await run_skill(session, "set_checked", element=news, checked=True)
    assert first.ok and "now checked" in first.detail
    assert [c.what for c in first.changed if c.id == news] == ["checked"]
    second = await run_skill(session, "set_checked", element=news, checked=True)
    assert second.ok and "already checked" in second.detail
    assert await session.page.locator("#news").is_checked()


async def test_set_checked_works_on_a_visually_hidden_custom_checkbox(
    site: Site, session: BrowserSession
) -> None:
    await _open(session, site, FORM)
    terms = await element_id(session, "Accept terms")
    result = await run_skill(session, "set_checked", element=terms, checked=True)
    assert result.ok, result.error
    assert await session.page.locator("#terms").is_checked()


async def test_radio_is_chosen_by_click_and_cannot_be_unchecked(site: Site, session: BrowserSession) -> None:
    await _open(session, site, FORM)
    courier = await element_id(session, "Courier")
    post = await element_id(session, "Post")
    result = await run_skill(session, "click", element=courier)
    assert result.ok
    changes = {c.id: c.what for c in result.changed}
    assert changes.get(courier) == "checked" and changes.get(post) == "unchecked"
    refused = await run_skill(session, "set_checked", element=courier, checked=False)
    assert not refused.ok and refused.error is not None and "choosing another one" in refused.error


async def test_click_on_a_select_says_to_use_select_option(site: Site, session: BrowserSession) -> None:
    await _open(session, site, FORM)
    result = await run_skill(session, "click", element=await element_id(session, "Size"))
    assert not result.ok
    assert result.error is not None and "select_option" in result.error and "Medium" in result.error


async def test_select_option_on_a_text_field_says_to_type(site: Site, session: BrowserSession) -> None:
    await _open(session, site, FORM)
    result = await run_skill(session, "select_option", element=await element_id(session, "Note"), option="x")
    assert not result.ok and result.error is not None and "type_text" in result.error


async def test_clicking_a_custom_dropdown_lists_its_options(site: Site, session: BrowserSession) -> None:
    await _open(session, site, DROPDOWN)
    dd = await element_id(session, "Fruit")
    result = await run_skill(session, "click", element=dd)
    assert result.ok
    assert [e.name for e in result.appeared if e.role == "option"] == ["Apple", "Banana", "Cherry"]
    assert any(c.id == dd and c.what == "expanded" for c in result.changed)
    text = render_result(result)
    assert "Banana" in text and "expanded" in text


async def test_select_option_opens_a_custom_dropdown_and_picks(site: Site, session: BrowserSession) -> None:
    await _open(session, site, DROPDOWN)
    result = await run_skill(
        session, "select_option", element=await element_id(session, "Fruit"), option="Banana"
    )
    assert result.ok, result.error
    assert "chose 'Banana'" in result.detail
    assert await session.page.locator("#out").text_content() == "You chose Banana"
    assert "You chose Banana" in result.appeared_text
