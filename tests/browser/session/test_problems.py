"""Why nothing happened: validation refusals, disabled targets, error text and toasts in the result."""

from __future__ import annotations

from browser_site import Site, element_id, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession

VALIDATION = """
<form action="/done">
  <label for=size>Size</label>
  <select id=size required>
    <option value="">Choose</option><option>Small</option><option>Large</option></select>
  <label for=email>Email</label><input id=email type=email required>
  <button>Add to cart</button>
</form>
"""

DISABLED = """
<form>
  <label><input type=checkbox id=terms required onchange="go.disabled = !this.checked">
    I accept the terms</label>
  <button id=go disabled>Place order</button>
</form>
"""

SCRIPTED = """
<form novalidate onsubmit="event.preventDefault(); check()">
  <label for=user>User name</label>
  <input id=user aria-describedby=user-err>
  <div id=user-err class=field-error></div>
  <button>Sign up</button>
</form>
<div id=toasts></div>
<button onclick="toast('Saved to your list')">Save</button>
<script>
function check() {
  const u = document.getElementById('user');
  u.setAttribute('aria-invalid', 'true');
  document.getElementById('user-err').textContent = 'This user name is taken';
}
function toast(text) {
  const t = document.createElement('div');
  t.className = 'toast'; t.textContent = text;
  document.getElementById('toasts').append(t);
  setTimeout(() => t.remove(), 300);
}
</script>
"""


async def test_native_validation_messages_of_a_refused_submit(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": VALIDATION, "/done": "<p>done</p>"}))
    button = await element_id(session, "Add to cart")
    result = await run_skill(session, "click", element=button)
    assert not result.navigated
    kinds = [(p.kind, p.label) for p in result.problems]
    assert kinds == [("invalid_field", "Size"), ("invalid_field", "Email")]
    assert result.problems[0].text == "Please select an item in the list."
    text = render_result(result)
    assert 'Not submitted: "Size"' in text and "Please select an item in the list." in text
    assert "Nothing on the page changed" not in text


async def test_enter_in_a_form_reports_the_invalid_field(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": VALIDATION, "/done": "<p>done</p>"}))
    await run_skill(session, "select_option", element=await element_id(session, "Size"), option="Small")
    email = await element_id(session, "Email")
    result = await run_skill(session, "type_text", element=email, text="not-an-email", enter=True)
    assert [p.label for p in result.problems] == ["Email"]
    assert "@" in result.problems[0].text
    assert result.problems[0].id == email


async def test_a_disabled_button_says_what_is_unset(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": DISABLED}))
    button = await element_id(session, "Place order")
    result = await run_skill(session, "click", element=button)
    assert not result.ok
    assert [p.kind for p in result.problems] == ["disabled"]
    assert "I accept the terms" in result.problems[0].text
    assert "disabled; not set yet" in render_result(result)


async def test_inline_error_text_and_aria_invalid(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": SCRIPTED}))
    result = await run_skill(session, "click", element=await element_id(session, "Sign up"))
    errors = [p for p in result.problems if p.kind == "error_text"]
    assert len(errors) == 1, result.problems
    assert errors[0].text == "This user name is taken" and errors[0].label == "User name"
    assert 'Error shown at "User name"' in render_result(result)


async def test_a_toast_that_vanished_is_still_reported(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": SCRIPTED}))
    result = await run_skill(session, "click", element=await element_id(session, "Save"))
    assert [(p.kind, p.text) for p in result.problems] == [("toast", "Saved to your list")]
    assert await session.page.locator(".toast").count() == 0
    assert 'Message shown: "Saved to your list"' in render_result(result)


async def test_messages_shown_before_the_action_are_not_news(site: Site, session: BrowserSession) -> None:
    page = ('<div role=alert>Site maintenance tonight</div>'
            '<button onclick="this.textContent=\'Done\'">Go</button>')
    await session.open(site({"/": page}))
    result = await run_skill(session, "click", element=await element_id(session, "Go"))
    assert result.problems == []


async def test_a_flash_message_on_the_page_an_action_loaded(site: Site, session: BrowserSession) -> None:
    done = '<h1>Thanks</h1><div class="alert alert-success">Your order was placed</div>'
    await session.open(site({"/": '<a href="/done">Finish</a>', "/done": done}))
    result = await run_skill(session, "click", element=await element_id(session, "Finish"))
    assert result.navigated
    assert [(p.kind, p.text) for p in result.problems] == [("toast", "Your order was placed")]


async def test_a_status_badge_a_script_touches_on_the_page_an_action_loaded_is_no_message(
    site: Site, session: BrowserSession
) -> None:
    """pretix's order list: a tooltip script touched each "Pending" badge (class label-warning) after
    load, and every action that opened the list reported 'Error shown: "Pending"'."""
    listed = ('<table><tr><td>MCPKL</td><td><span class="label label-warning">Pending</span></td></tr>'
              '</table>'
              '<script>addEventListener("load", () => document.querySelectorAll(".label")'
              '.forEach(b => b.classList.add("has-tooltip")))</script>')
    await session.open(site({"/": '<a href="/orders">Orders</a>', "/orders": listed}))
    result = await run_skill(session, "click", element=await element_id(session, "Orders"))
    assert result.navigated
    assert result.problems == [], result.problems
