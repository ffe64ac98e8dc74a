"""fill_form: one call fills every kind of field, submits, and says what became of each."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from browser_site import Site, run_skill

from navwright.browser.observe import observe
from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession
from navwright.browser.skills.form import submit_preview

BOOKING = """
<form action="/done">
  <label for=name>Full name</label><input id=name name=name required>
  <label for=from>From</label>
  <input id=from name=from role=combobox aria-autocomplete=list aria-controls=sugg autocomplete=off>
  <ul id=sugg role=listbox></ul>
  <label for=dep>Departure</label><input id=dep name=dep readonly placeholder="Pick a date">
  <div id=cal class=calendar hidden>
    <button type=button class=prev aria-label="Previous month">‹</button>
    <span id=mon></span>
    <button type=button class=next aria-label="Next month">›</button>
    <div id=days></div>
  </div>
  <label for=ret>Return</label><input id=ret name=ret type=date>
  <label for=cabin>Cabin</label>
  <select id=cabin name=cabin><option value="">Choose</option><option value=eco>Economy</option>
    <option value=bus>Business class</option></select>
  <fieldset><legend>Meal</legend>
    <label><input type=radio name=meal value=veg> Vegetarian</label>
    <label><input type=radio name=meal value=std> Standard</label></fieldset>
  <label><input type=checkbox name=insure value=1> Travel insurance</label>
  <button>Book flight</button>
</form>
<script>
const airports = ['Paris Orly (ORY)', 'Paris (CDG)', 'Parma (PMF)', 'Lyon (LYS)'];
const from = document.getElementById('from'), sugg = document.getElementById('sugg');
from.addEventListener('input', () => setTimeout(() => {
  const q = from.value.toLowerCase();
  sugg.innerHTML = q ? airports.filter((a) => a.toLowerCase().includes(q))
    .map((a) => '<li role=option>' + a + '</li>').join('') : '';
}, 100));
sugg.addEventListener('click', (e) => { from.value = e.target.textContent; sugg.innerHTML = ''; });
const names = ['January','February','March','April','May','June','July','August','September','October',
  'November','December'];
let y = 2026, m = 0;
const dep = document.getElementById('dep'), cal = document.getElementById('cal');
function draw() {
  document.getElementById('mon').textContent = names[m] + ' ' + y;
  const n = new Date(y, m + 1, 0).getDate();
  document.getElementById('days').innerHTML = Array.from({length: n},
    (_, i) => '<button type=button class=day>' + (i + 1) + '</button>').join('');
}
dep.addEventListener('click', () => { draw(); cal.hidden = false; });
cal.querySelector('.next').onclick = () => { m++; if (m > 11) { m = 0; y++; } draw(); };
cal.querySelector('.prev').onclick = () => { m--; if (m < 0) { m = 11; y--; } draw(); };
document.getElementById('days').addEventListener('click', (e) => {
  if (!e.target.classList.contains('day')) return;
  const d = String(e.target.textContent).padStart(2, '0');
  dep.value = y + '-' + String(m + 1).padStart(2, '0') + '-' + d;
  cal.hidden = true;
});
</script>
"""


async def test_fill_form_sets_every_kind_of_field_and_submits(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": BOOKING, "/done": "<h1>Booked</h1>"}))
    fields = {
        "full name": "Ada Lovelace",
        "From": "Paris",
        "Departure": "March 12, 2026",
        "Return": "03/20/2026",
        "Cabin": "business",
        "Meal": "vegetarian",
        "Travel insurance": "yes",
    }
    result = await run_skill(session, "fill_form", fields=fields)
    assert result.ok, (result.error, result.fields)
    assert [f.status for f in result.fields] == ["set"] * 7, result.fields
    assert result.navigated
    got = {k: v[0] for k, v in parse_qs(urlparse(result.url).query).items()}
    assert got == {"name": "Ada Lovelace", "from": "Paris (CDG)", "dep": "2026-03-12", "ret": "2026-03-20",
                   "cabin": "bus", "meal": "veg", "insure": "1"}
    text = render_result(result)
    assert "\"From\"" in text and "chose 'Paris (CDG)'" in text


async def test_fill_form_lists_fields_not_found_and_does_not_submit(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": BOOKING, "/done": "<h1>Booked</h1>"}))
    result = await run_skill(session, "fill_form", fields={"Full name": "Ada", "Passport number": "X1"})
    statuses = {f.label: f.status for f in result.fields}
    assert statuses == {"Full name": "set", "Passport number": "not_found"}
    assert not result.navigated
    assert "Full name" in result.fields[1].note  # the labels that are there, to try another
    assert "not submitted" in result.detail
    assert '"Passport number": NOT FOUND' in render_result(result)


async def test_fill_form_submit_reports_validation(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": BOOKING, "/done": "<h1>Booked</h1>"}))
    result = await run_skill(session, "fill_form", fields={"Cabin": "Economy"})
    assert not result.navigated
    assert [(p.kind, p.label) for p in result.problems] == [("invalid_field", "Full name")]


CUSTOM = """
<form onsubmit="event.preventDefault();
  out.textContent = 'Sent: ' + dd.dataset.value + ', ' + ag.getAttribute('aria-checked')">
  <span id=fl>Fruit</span>
  <div id=dd role=combobox aria-labelledby=fl aria-haspopup=listbox aria-controls=opts aria-expanded=false
    tabindex=0 style="border:1px solid;width:200px">Choose a fruit</div>
  <ul role=listbox id=opts hidden><li role=option>Apple</li><li role=option>Banana</li></ul>
  <div id=ag role=checkbox aria-checked=false tabindex=0>I agree to the rules</div>
  <button>Send</button>
</form>
<p id=out></p>
<script>
  dd.onclick = () => { opts.hidden = !opts.hidden; };
  opts.onclick = (e) => { dd.textContent = dd.dataset.value = e.target.textContent; opts.hidden = true; };
  ag.onclick = () => ag.setAttribute('aria-checked', String(ag.getAttribute('aria-checked') !== 'true'));
</script>
"""


async def test_fill_form_custom_dropdown_and_checkbox(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": CUSTOM}))
    result = await run_skill(session, "fill_form", fields={"Fruit": "banana", "I agree": "yes"})
    assert result.ok, (result.error, result.fields)
    assert await session.page.locator("#out").text_content() == "Sent: Banana, true"


async def test_submit_preview_names_the_button_before_anything_is_set(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": BOOKING}))
    assert await submit_preview(session.page, ["Full name", "Cabin"]) == "Book flight"
    assert await session.page.locator("#name").input_value() == ""


LOGIN = """
<form action="/in"><label for=q>Search mail</label><input id=q name=q>
<label for=u>Email</label><input id=u name=u><label for=p>Password</label><input id=p name=p type=password>
<button>Sign in</button></form>"""


async def test_fill_form_puts_a_secret_only_into_a_field_that_asks_for_it(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": LOGIN, "/in": "<h1>Inbox</h1>"}))
    result = await run_skill(session, "fill_form", secrets={"PW": "s3cret!"}, submit=False,
                             fields={"Search mail": "{{PW}}", "Email": "a@b.test", "Password": "{{PW}}"})
    statuses = {f.label: f.status for f in result.fields}
    assert statuses == {"Search mail": "refused", "Email": "set", "Password": "set"}
    assert await session.page.input_value("#q") == ""
    assert await session.page.input_value("#p") == "s3cret!"
    assert "s3cret" not in render_result(result)


def test_a_secret_is_not_filled_in_on_another_host() -> None:
    from navwright.browser.skills.form import Control, secret_misplaced

    password = Control(kind="input", type="password", names=["Password"])
    assert secret_misplaced("{{PW}}", password, "http://127.0.0.1:80/login", ["127.0.0.1"]) is None
    elsewhere = secret_misplaced("{{PW}}", password, "http://evil.test/login", ["127.0.0.1"])
    assert elsewhere is not None and "127.0.0.1" in elsewhere


def test_a_day_said_with_no_year_is_the_next_such_day() -> None:
    import datetime as dt

    from navwright.browser.skills.dates import parse_date

    today = dt.date(2026, 11, 24)
    assert parse_date("2 December", today) == dt.date(2026, 12, 2)
    assert parse_date("Dec 2", today) == dt.date(2026, 12, 2)
    assert parse_date("3 March", today) == dt.date(2027, 3, 3)  # past this year: next year's
    assert parse_date("14 December 2026") == dt.date(2026, 12, 14)


async def test_a_day_with_no_year_is_picked_and_typed_as_a_day_of_the_run_s_day(
    site: Site, session: BrowserSession
) -> None:
    import datetime as dt

    await session.open(site({"/": BOOKING, "/done": "<h1>Booked</h1>"}))
    fields = {"Full name": "Ada Lovelace", "Departure": "12 March", "Return": "20 March"}
    result = await run_skill(session, "fill_form", today=dt.date(2025, 6, 1), fields=fields)
    assert result.ok, (result.error, result.fields)
    got = {k: v[0] for k, v in parse_qs(urlparse(result.url).query).items()}
    assert (got["dep"], got["ret"]) == ("2026-03-12", "2026-03-20")  # the next March after June 2025


async def test_an_autocomplete_that_finds_nothing_for_the_whole_value_is_typed_word_by_word(
    site: Site, session: BrowserSession
) -> None:
    # the list matches what is typed against "city (code)" only: "Paris Orly" finds nothing, "Paris" does
    await session.open(site({"/": BOOKING, "/done": "<h1>Booked</h1>"}))
    result = await run_skill(session, "fill_form", fields={"From": "Orly Paris"}, submit=False)
    assert result.ok, (result.error, result.fields)
    assert await session.page.locator("#from").input_value() == "Paris Orly (ORY)"


PASSENGERS = """
<form action="/done"><h3>Passenger 1 (adult)</h3>
  <label>First name<input name=first1 required></label><label>Last name<input name=last1 required></label>
  <h3>Passenger 2 (adult)</h3>
  <label>First name<input name=first2 required></label><label>Last name<input name=last2 required></label>
  <fieldset><legend>Billing address</legend><label>Street<input name=bill></label></fieldset>
  <fieldset><legend>Delivery address</legend><label>Street<input name=ship></label></fieldset>
  <label>Email<input type=email name=email></label><button>Book and pay</button>
</form>"""


async def test_fields_sharing_a_label_are_told_apart_by_their_section_and_filled_by_it(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": PASSENGERS, "/done": "<h1>Booked</h1>"}))
    names = [e.name for e in (await observe(session.page, "fields")).elements if e.role == "textbox"]
    assert names == ["Passenger 1 (adult) › First name", "Passenger 1 (adult) › Last name",
                     "Passenger 2 (adult) › First name", "Passenger 2 (adult) › Last name",
                     "Billing address › Street", "Delivery address › Street", "Email"]
    fields = {"Passenger 2 (adult) › First name": "Tomás", "Passenger 1 (adult) › First name": "Maria",
              "Delivery address › Street": "Rua 1", "Billing address › Street": "Rua 2"}
    result = await run_skill(session, "fill_form", fields=fields, submit=False)
    assert result.ok, (result.error, result.fields)
    page = session.page
    got = {n: await page.locator(f"[name={n}]").input_value() for n in ("first1", "first2", "ship", "bill")}
    assert got == {"first1": "Maria", "first2": "Tomás", "ship": "Rua 1", "bill": "Rua 2"}


SCRIPTED_SEARCH = """
<div id=area><div>Movie search</div>
  <div class=entry><input id=genre><div class=label>Genre</div></div>
  <div class=entry><input id=year><div class=label>Year</div></div>
  <div class=final style="cursor:pointer" onclick="const v = (id) => document.getElementById(id).value;
    document.getElementById('out').textContent = 'Sent: ' + v('genre') + ', ' + v('year')">Submit</div>
</div><p id=out></p>
"""


async def test_a_script_form_with_floating_labels_and_a_drawn_button_is_filled_and_sent(
    site: Site, session: BrowserSession
) -> None:
    # no <form>, labels after their fields, a <div> for a button: fill_form found none of the fields
    await session.open(site({"/": SCRIPTED_SEARCH}))
    await observe(session.page)  # the page script marks what it can click
    result = await run_skill(session, "fill_form", fields={"Genre": "satire", "Year": "2017"}, submit=True)
    assert result.ok, (result.error, result.fields)
    assert await session.page.locator("#out").text_content() == "Sent: satire, 2017"


NEW_TICKET = """
<form action="/newticket/done">
  <label for=s>Summary:</label><input id=s name=summary>
  <label for=d>Description:</label><textarea id=d name=description></textarea>
  <input type=submit name=preview value="Preview"> <input type=submit name=submit value="Create ticket">
</form>"""


async def test_a_form_whose_first_submit_button_previews_is_sent_by_the_button_that_creates(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": NEW_TICKET, "/newticket/done": "<h1>Ticket #27 created</h1>"}))
    assert await submit_preview(session.page, ["Summary:"]) == "Create ticket"
    result = await run_skill(session, "fill_form", fields={"Summary:": "Console times out"})
    assert result.ok and result.navigated, (result.error, result.detail)
    assert parse_qs(urlparse(result.url).query).get("submit") == ["Create ticket"]
