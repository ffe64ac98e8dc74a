"""type_text (replace, append, Enter, secrets, autocomplete) and press_key."""

from __future__ import annotations

import json

from browser_site import Reply, Site, element_id, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession
from navwright.browser.skills.keyboard import normalize_key

FIELDS = """
<form onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Sent ' + q.value">
  <label for=q>Search</label><input id=q value="red">
  <label for=pw>Password</label><input id=pw type=password>
  <label for=user>User</label><input id=user>
  <button id=go>Go</button>
</form>
<p id=out></p>
<p id=keys></p>
<script>
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey && e.key === 'k') document.getElementById('keys').textContent = 'Palette opened';
  });
</script>
"""

AUTOCOMPLETE = """
<label for=city>City</label>
<input id=city role=combobox aria-autocomplete=list aria-controls=list autocomplete=off>
<ul id=list role=listbox></ul>
<script>
  const inp = document.getElementById('city'), list = document.getElementById('list');
  let t;
  inp.addEventListener('input', () => {
    clearTimeout(t);
    t = setTimeout(async () => {
      const r = await fetch('/api/cities?q=' + encodeURIComponent(inp.value));
      const all = await r.json();
      const q = inp.value.toLowerCase();
      list.innerHTML = all.filter((c) => c.toLowerCase().startsWith(q))
        .map((c) => '<li role=option tabindex=-1>' + c + '</li>').join('');
    }, 300);
  });
</script>
"""
CITIES = Reply(json.dumps(["Paris", "Parma", "Prague", "Berlin"]), type="application/json", delay_s=0.2)


async def test_type_text_replaces_appends_and_presses_enter(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": FIELDS}))
    q = await element_id(session, "Search")
    replaced = await run_skill(session, "type_text", element=q, text="blue shoes")
    assert replaced.ok and await session.page.locator("#q").input_value() == "blue shoes"
    assert any(c.id == q and c.what == "value is now 'blue shoes'" for c in replaced.changed)
    appended = await run_skill(session, "type_text", element=q, text=" size 42", append=True, enter=True)
    assert appended.ok and "pressed Enter" in appended.detail
    assert await session.page.locator("#q").input_value() == "blue shoes size 42"
    assert "Sent blue shoes size 42" in appended.appeared_text


async def test_autocomplete_options_that_arrive_late_are_reported(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": AUTOCOMPLETE, "/api/cities": CITIES}))
    result = await run_skill(session, "type_text", element=await element_id(session, "City"), text="Par")
    assert result.ok, result.error
    assert [e.name for e in result.appeared if e.role == "option"] == ["Paris", "Parma"]
    assert "Paris" in render_result(result)


async def test_secret_is_typed_but_never_reported(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": FIELDS}))
    secrets = {"PASSWORD": "hunter2-secret", "USER": "alice.smith"}
    pw = await element_id(session, "Password")
    user = await element_id(session, "User")
    typed_pw = await run_skill(session, "type_text", secrets=secrets, element=pw, text="{{PASSWORD}}")
    typed_user = await run_skill(session, "type_text", secrets=secrets, element=user, text="{{ USER }}")
    assert await session.page.locator("#pw").input_value() == "hunter2-secret"
    assert await session.page.locator("#user").input_value() == "alice.smith"
    read = await run_skill(session, "read_page", secrets=secrets, mode="all")
    for result in (typed_pw, typed_user, read):
        assert result.ok
        dumped = result.model_dump_json() + render_result(result)
        assert "hunter2" not in dumped and "alice.smith" not in dumped
    assert "{{USER}}" in typed_user.model_dump_json()


async def test_unknown_secret_is_an_error_and_nothing_is_typed(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": FIELDS}))
    user = await element_id(session, "User")
    result = await run_skill(session, "type_text", element=user, text="{{TOKEN}}")
    assert not result.ok and result.error is not None and "no secret named TOKEN" in result.error
    assert await session.page.locator("#user").input_value() == ""


async def test_type_text_into_a_button_says_what_to_use(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": FIELDS}))
    result = await run_skill(session, "type_text", element=await element_id(session, "Go"), text="x")
    assert not result.ok and result.error is not None and "not a text field" in result.error


async def test_press_key_sends_combinations(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": FIELDS}))
    result = await run_skill(session, "press_key", key="ctrl+k")
    assert result.ok and result.detail == "pressed Control+k"
    assert "Palette opened" in result.appeared_text


def test_a_key_written_with_an_elements_reference_is_that_key() -> None:
    """A 1.5B model wrote press_key(key="Enter #2", element="Submit #2"): "Unknown key", twice."""
    assert normalize_key("Enter #2") == "Enter"
    assert normalize_key("ctrl + a") == "Control+a"
    assert normalize_key("#") == "#"


VALIDATING = """
<form novalidate onsubmit="event.preventDefault();
  const ok = /^[^@]+@[^@]+$/.test(document.getElementById('em').value);
  document.getElementById('err').textContent = ok ? '' : 'Please enter a valid email address';">
  <label for=em>Email</label><input id=em type=email><button>Subscribe</button>
  <p id=err role=alert></p>
</form>
"""


async def test_validation_message_that_appears_is_reported(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": VALIDATING}))
    result = await run_skill(
        session, "type_text", element=await element_id(session, "Email"), text="nope", enter=True
    )
    assert result.ok
    problems = [(p.kind, p.text) for p in result.problems]
    assert problems == [("error_text", "Please enter a valid email address")]
    assert result.appeared_text == []  # said once, as the problem
    assert 'Error shown: "Please enter a valid email address"' in render_result(result)


DATE_FIELDS = """
<label for=d>Date</label><input id=d type=date>
<label for=t>Time</label><input id=t type=time>
"""


async def test_dates_and_times_written_as_people_write_them_fill_date_and_time_fields(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": DATE_FIELDS}))
    day = await run_skill(session, "type_text", element=await element_id(session, "Date"), text="05/20/2010")
    assert day.ok, day.error
    assert await session.page.locator("#d").input_value() == "2010-05-20"
    assert "(as 2010-05-20)" in day.detail
    time = await run_skill(session, "type_text", element=await element_id(session, "Time"), text="9:37 PM")
    assert time.ok and await session.page.locator("#t").input_value() == "21:37"


async def test_a_date_field_given_words_it_cannot_read_says_what_it_takes(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": DATE_FIELDS}))
    bad = await run_skill(session, "type_text", element=await element_id(session, "Date"), text="next friday")
    assert not bad.ok and "2010-05-20" in (bad.error or "")


def test_date_orders_and_formats() -> None:
    from navwright.browser.skills.dates import input_value

    assert input_value("date", "20.05.2010") == "2010-05-20"
    assert input_value("date", "25/12/2019") == "2019-12-25"  # cannot be month first
    assert input_value("date", "May 20th, 2010") == "2010-05-20"
    assert input_value("month", "May 2010") == "2010-05"
    assert input_value("time", "12:05 am") == "00:05"
    assert input_value("datetime-local", "2010-05-20 9:37 PM") == "2010-05-20T21:37"
    assert input_value("date", "02/30/2010") is None


async def test_a_key_the_page_does_not_answer_is_reported_as_no_change(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": DATE_FIELDS}))
    pressed = await run_skill(session, "press_key", key="Enter", element=await element_id(session, "Time"))
    assert pressed.ok and render_result(pressed).endswith("Nothing on the page changed.")
    typed = await run_skill(session, "type_text", element=await element_id(session, "Time"), text="10:00")
    assert "Nothing on the page changed" not in render_result(typed)


CONSOLE = """
<label for=cmd>Command</label><input id=cmd autocomplete=off>
<pre id=line></pre><pre id=log></pre>
<script>
  // A console that reads each keydown and clears its field, as terminals and some chat boxes do.
  const cmd = document.getElementById('cmd'), line = document.getElementById('line');
  cmd.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      document.getElementById('log').textContent += 'ran: ' + line.textContent + '\\n';
      line.textContent = '';
    } else if (e.key.length === 1) {
      line.textContent += e.key;
    }
    setTimeout(() => { cmd.value = ''; });
  });
</script>
"""


async def test_a_widget_that_reads_each_key_gets_every_character_typed(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": CONSOLE}))
    typed = await run_skill(session, "type_text", element=await element_id(session, "Command"),
                            text="rm notes.txt", enter=True)
    assert typed.ok
    assert await session.page.locator("#log").text_content() == "ran: rm notes.txt\n"
    assert "ran: rm notes.txt" in typed.appeared_text


async def test_text_with_a_line_break_is_not_sent_by_typing_it(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": FIELDS}))
    typed = await run_skill(session, "type_text", element=await element_id(session, "User"), text="a\nb")
    assert typed.ok and await session.page.locator("#out").text_content() == ""
