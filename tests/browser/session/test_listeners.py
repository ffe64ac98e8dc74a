"""Controls a script drew inside one clickable box are told apart by the click listeners they carry
(listeners.js marks them as the page's scripts add them)."""

from __future__ import annotations

from browser_site import Site, element_id, run_skill

from navwright.browser.session import BrowserSession

EMAIL = """<!doctype html><title>Mail</title>
<style>.send { cursor: pointer; text-align: center } .send span { display: inline-block; width: 60px }</style>
<div class=body>Dear Ann, the tickets are booked.</div>
<div class=send><span class=reply><div class=icon></div><div>Reply</div></span>
  <span class=forward><div class=icon></div><div>Forward</div></span></div>
<div class=card style="cursor:pointer" onclick="document.getElementById('out').textContent = 'card'">
  <b>Opening times</b> <span>Mon to Fri</span></div>
<p id=out></p>
<script>
  const out = document.getElementById('out');
  document.querySelector('.reply').addEventListener('click', () => { out.textContent = 'replying'; });
  document.querySelector('.forward').addEventListener('click', () => { out.textContent = 'forwarding'; });
</script>"""


async def test_two_controls_with_listeners_inside_one_clickable_box_are_two_elements(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": EMAIL}) + "/")
    look = await session.views.look(session.page)
    names = [e.name for e in look.full.elements]
    assert "Reply" in names and "Forward" in names and "Reply Forward" not in names
    assert "Opening times Mon to Fri" in names  # a clickable box of plain text stays one control
    await run_skill(session, "click", element=await element_id(session, "Forward"))
    assert await session.page.locator("#out").text_content() == "forwarding"
