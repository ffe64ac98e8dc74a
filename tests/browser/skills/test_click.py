"""click and hover: pointer clicks, the DOM-click fallback, popups, modals and missing elements."""

from __future__ import annotations

from browser_site import Site, element_id, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession

COVERED = """
<button id=buy onclick="document.getElementById('out').textContent = 'Bought'">Buy</button>
<div id=overlay style="position:fixed;inset:0;background:rgba(0,0,0,0.01)"></div>
<p id=out></p>
"""

MODAL = """
<button onclick="document.getElementById('m').hidden = false">Place order</button>
<div id=m role=dialog aria-modal=true aria-label="Confirm order" hidden>
  <p>Are you sure you want to pay 20 EUR?</p>
  <button onclick="document.getElementById('m').hidden = true">Yes, pay</button>
</div>
"""

FOOTNOTE = """
<button onclick="document.getElementById('n').hidden = false">Show the offer</button>
<p id=n hidden>[2] Terms apply to the offer until Friday</p>
"""

DATEPICKER = """
<label for=date>Check-in</label><input id=date readonly placeholder="Pick a date">
<div id=cal role=dialog aria-label="Choose a date" hidden></div>
<script>
  const date = document.getElementById('date'), cal = document.getElementById('cal');
  date.addEventListener('click', () => requestAnimationFrame(() => {
    const day = (_, i) => '<button type=button>' + (i + 1) + '</button>';
    cal.innerHTML = Array.from({length: 7}, day).join('');
    cal.hidden = false;
  }));
  cal.addEventListener('click', (e) => {
    if (e.target.tagName !== 'BUTTON') return;
    date.value = '2026-12-0' + e.target.textContent;
    cal.hidden = true;
  });
</script>
"""

MENU = """
<nav><button id=acct aria-haspopup=true onmouseenter="document.getElementById('menu').hidden = false">
Account</button>
<ul id=menu hidden><li><a href="#orders">Orders</a></li><li><a href="#logout">Log out</a></li></ul></nav>
<button disabled>Save</button>
"""


async def test_covered_element_gets_a_dom_click_and_says_so(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": COVERED}))
    result = await run_skill(session, "click", element=await element_id(session, "Buy"))
    assert result.ok
    assert "DOM click because it is covered by div#overlay" in result.detail
    assert await session.page.locator("#out").text_content() == "Bought"


async def test_uncovered_click_uses_the_pointer(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": MODAL}))
    result = await run_skill(session, "click", element=await element_id(session, "Place order"))
    assert result.ok and "DOM click" not in result.detail


async def test_modal_that_opens_is_reported_with_its_text_and_buttons(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": MODAL}))
    opened = await run_skill(session, "click", element=await element_id(session, "Place order"))
    assert [e.name for e in opened.appeared] == ["Yes, pay"]
    assert "Are you sure you want to pay 20 EUR?" in opened.appeared_text
    assert any("Confirm order" in line for line in opened.appeared_text)
    closed = await run_skill(session, "click", element=opened.appeared[0].id)
    assert closed.disappeared == [opened.appeared[0].id]


async def test_date_picker_popup_opening_on_click_is_caught(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": DATEPICKER}))
    date = await element_id(session, "Check-in")
    opened = await run_skill(session, "click", element=date)
    assert [e.name for e in opened.appeared] == [str(i) for i in range(1, 8)]
    picked = await run_skill(session, "click", element=opened.appeared[2].id)
    assert any(c.id == date and c.what == "value is now '2026-12-03'" for c in picked.changed)
    assert len(picked.disappeared) == 7
    assert "2026-12-03" in render_result(picked)


async def test_element_removed_after_observation_gives_a_clear_error(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": MODAL}))
    button = await element_id(session, "Place order")
    await session.page.evaluate("document.querySelector('button').remove()")
    result = await run_skill(session, "click", element=button)
    assert not result.ok
    assert result.error == f"element {button} is gone from the page; read the page again"
    assert "read the page again" in render_result(result)


async def test_unknown_id_says_so_and_suggests_reading_again(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": MODAL}))
    result = await run_skill(session, "click", element="999")
    assert not result.ok
    assert (
        result.error is not None
        and "no element 999" in result.error
        and "read the page again" in result.error
    )


async def test_hover_opens_a_menu_and_lists_its_links(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": MENU}))
    result = await run_skill(session, "hover", element=await element_id(session, "Account"))
    assert result.ok, result.error
    assert [e.name for e in result.appeared] == ["Orders", "Log out"]


async def test_disabled_button_is_not_clicked(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": MENU}))
    result = await run_skill(session, "click", element=await element_id(session, "Save"))
    assert not result.ok and result.error is not None and "disabled" in result.error


FRAMED = """<p>Shop</p><iframe src="{src}" title="Payment" width=400 height=200></iframe>"""
INNER = """<label for=card>Card number</label><input id=card>
<button onclick="document.getElementById('s').textContent = 'Paid with ' + card.value">Pay</button>
<p id=s></p>"""


async def test_skills_act_inside_same_and_cross_origin_frames(site: Site, session: BrowserSession) -> None:
    inner = site({"/inner": INNER})
    for src in ("/inner", inner + "/inner"):
        base = site({"/": FRAMED.format(src=src), "/inner": INNER})
        opened = await run_skill(session, "open_url", url=base)
        assert "Card number" in [e.name for e in opened.appeared]
        typed = await run_skill(
            session, "type_text", element=await element_id(session, "Card number"), text="4242"
        )
        assert typed.ok, typed.error
        paid = await run_skill(session, "click", element=await element_id(session, "Pay"))
        assert paid.ok and paid.detail == ""  # a plain mouse click, not a DOM click
        assert "Paid with 4242" in paid.appeared_text


async def test_page_text_that_reads_like_an_element_line_is_reported_as_new_text(
    site: Site, session: BrowserSession
) -> None:
    """A footnote "[2] Terms apply…" that appeared was taken for an element line when the rendered
    observation was parsed back, and the result said nothing appeared: text and elements are told
    apart by type now."""
    await session.open(site({"/": FOOTNOTE}))
    shown = await run_skill(session, "click", element=await element_id(session, "Show the offer"))
    assert shown.appeared_text == ["[2] Terms apply to the offer until Friday"]
