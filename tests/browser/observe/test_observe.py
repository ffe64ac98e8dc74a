"""Observation of real pages served on 127.0.0.1 in a real Chromium."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest
from playwright.async_api import Page

from navwright.browser.errors import StaleElement, UnknownElement
from navwright.browser.locate import locate
from navwright.browser.observe import observe
from navwright.browser.render import render_observation
from navwright.browser.types import ElementInfo, Observation

Serve = Callable[[Mapping[str, str]], str]


def by_name(obs: Observation, name: str) -> ElementInfo:
    found = [e for e in obs.elements if e.name == name]
    assert found, f"{name!r} not in {[e.name for e in obs.elements]}"
    return found[0]


async def open_html(page: Page, serve: Serve, html: str) -> None:
    await page.goto(serve({"/": html}) + "/")


LABELS = """<form>
<label for=a>Label for</label><input id=a name=zz1>
<label>Wrapping <input name=zz2></label>
<span id=lb>Labelled by</span><input aria-labelledby=lb name=zz3>
<input aria-label="Aria label" name=zz4>
<input placeholder="Placeholder only" name=zz5>
<input type=image alt="Alt text" name=zz6>
<button title="Title only"></button>
<button>Inner text</button>
<input name=nameonly>
</form>"""


async def test_each_kind_of_label_becomes_the_name_never_the_name_attribute(page: Page, serve: Serve) -> None:
    await open_html(page, serve, LABELS)
    obs = await observe(page, "fields")
    names = [e.name for e in obs.elements]
    assert names[:8] == ["Label for", "Wrapping", "Labelled by", "Aria label", "Placeholder only",
                         "Alt text", "Title only", "Inner text"]
    assert "nameonly" not in obs.text and "zz" not in obs.text
    assert all(e.form == obs.elements[0].form for e in obs.elements)


async def test_label_text_is_not_repeated_as_a_text_line(page: Page, serve: Serve) -> None:
    await open_html(page, serve, "<label for=a>Email address</label><input id=a>")
    obs = await observe(page, "all")
    assert obs.text.count("Email address") == 1


FORM = """<p>Price: $12.00</p><form>
<select id=s><option>Red<option selected>Blue<option disabled>Green</select>
<label><input type=checkbox checked> Remember me</label>
<label><input type=radio name=r value=1> Small</label><label><input type=radio name=r checked> Large</label>
<label>Password <input type=password value=hunter2></label>
<label>Card <input autocomplete="cc-number" value="4242"></label>
<button disabled>Pay</button></form>"""


async def test_select_checkbox_radio_password_and_states(page: Page, serve: Serve) -> None:
    await open_html(page, serve, FORM)
    obs = await observe(page, "all")
    select = obs.elements[0]
    assert select.role == "select" and select.value == "Blue" and select.options == ["Red", "Blue", "Green"]
    assert by_name(obs, "Remember me").checked is True
    assert by_name(obs, "Small").checked is False and by_name(obs, "Large").checked is True
    password = by_name(obs, "Password")
    assert password.input_type == "password" and "hunter2" not in obs.text and "filled" in obs.text
    assert by_name(obs, "Card").input_type == "cc-number"
    assert by_name(obs, "Pay").disabled
    assert obs.text.splitlines()[0] == "Price: $12.00"


async def test_hidden_things_are_dropped(page: Page, serve: Serve) -> None:
    html = """<button>Shown</button>
    <button style="display:none">NoneB</button><div style="visibility:hidden"><button>Invis</button></div>
    <div aria-hidden="true"><button>AriaHidden</button></div>
    <div style="width:0;height:0;overflow:hidden"><button>ZeroSize</button></div>
    <p hidden>HiddenText</p><input type=hidden value=secret>"""
    await open_html(page, serve, html)
    obs = await observe(page, "all")
    assert [e.name for e in obs.elements] == ["Shown"]
    for word in ("NoneB", "Invis", "AriaHidden", "ZeroSize", "HiddenText", "secret"):
        assert word not in obs.text


async def test_open_shadow_dom_is_read(page: Page, serve: Serve) -> None:
    html = """<div id=host></div><script>
    const r = document.getElementById('host').attachShadow({mode: 'open'});
    r.innerHTML = '<p>Inside shadow</p><label>Shadow field <input></label>';</script>"""
    await open_html(page, serve, html)
    obs = await observe(page, "all")
    assert "Inside shadow" in obs.text
    field = by_name(obs, "Shadow field")
    await (await locate(page, field.id)).fill("typed")
    assert by_name(await observe(page, "fields"), "Shadow field").value == "typed"


async def test_same_origin_iframe_content_is_attributed_to_its_frame(page: Page, serve: Serve) -> None:
    base = serve({"/": "<p>Top</p><iframe src=/inner title=Inner></iframe>",
                  "/inner": "<p>Frame text</p><button>In frame</button>"})
    await page.goto(base + "/")
    await page.wait_for_load_state("load")
    obs = await observe(page, "all")
    button = by_name(obs, "In frame")
    assert button.frame is not None and "." in button.id
    assert "Frame text" in obs.text
    await (await locate(page, button.id)).click()


async def test_cross_origin_iframe_is_read_through_playwright(page: Page, serve: Serve) -> None:
    inner = serve({"/card": "<label>Card number <input autocomplete=cc-number></label>"})
    outer = serve({"/": f"<h1>Checkout</h1><iframe src='{inner}/card'></iframe><button>Pay</button>"})
    await page.goto(outer + "/")
    await page.wait_for_load_state("load")
    obs = await observe(page, "all")
    card = by_name(obs, "Card number")
    assert card.frame is not None and card.input_type == "cc-number"
    assert len(set(obs.ids)) == len(obs.ids)
    lines = obs.text.splitlines()
    assert lines.index(next(ln for ln in lines if "Card number" in ln)) < lines.index(
        next(ln for ln in lines if "Pay" in ln))
    await (await locate(page, card.id)).fill("4242")
    assert by_name(await observe(page, "fields"), "Card number").value == "4242"


async def test_custom_dropdown_widgets_count_as_interactive(page: Page, serve: Serve) -> None:
    html = """<div role=combobox aria-expanded=false aria-label=Country tabindex=0>Choose</div>
    <ul role=listbox><li role=option aria-selected=true>France</li><li role=option>Spain</li></ul>
    <div onclick="void 0">Clickable div</div><span style="cursor:pointer">Pointer span</span>
    <div contenteditable=true>Editable</div>"""
    await open_html(page, serve, html)
    obs = await observe(page, "fields")
    combo = by_name(obs, "Country")
    assert combo.role == "combobox" and combo.expanded is False and "collapsed" in obs.text
    assert by_name(obs, "France").selected is True and by_name(obs, "Spain").role == "option"
    assert by_name(obs, "Clickable div").role == "button"
    assert by_name(obs, "Pointer span").role == "button"
    assert any(e.role == "textbox" and e.value == "Editable" for e in obs.elements)


SVG_CONTROLS = """<p>Pick a slice</p>
<svg width=200 height=120 id=pie>
  <path d="M10 10 L60 10 L60 60 Z" style="cursor:pointer" onclick="picked('slice')"></path>
  <text x=20 y=40 style="cursor:pointer" onclick="picked('Apples')"><tspan>Apples</tspan></text>
  <text x=20 y=80 style="cursor:pointer; opacity:0">Hidden pears</text>
  <text x=120 y=40>Axis label</text>
  <g role=button aria-label="Zoom in" onclick="picked('zoom')"><rect x=150 y=60 width=20 height=20></rect></g>
  <a href="#north"><text x=120 y=100>North</text></a>
</svg>
<button id=icon><svg width=12 height=12><text x=0 y=10 style="cursor:pointer">x</text></svg> Close</button>
<p id=out></p>
<script>function picked(w) { document.getElementById('out').textContent = 'picked ' + w; }</script>"""


async def test_controls_drawn_in_an_svg_are_named_by_their_words(page: Page, serve: Serve) -> None:
    await open_html(page, serve, SVG_CONTROLS)
    obs = await observe(page)
    named = {e.name: e.role for e in obs.elements}
    assert named == {"Apples": "button", "Zoom in": "button", "North": "link", "Close": "button"}
    await (await locate(page, by_name(obs, "Apples").id)).click()
    assert await page.locator("#out").text_content() == "picked Apples"


async def test_a_presentational_link_inside_a_tab_is_that_tab_not_a_second_control(
    page: Page, serve: Serve
) -> None:
    html = """<ul role=tablist>
      <li role=tab aria-selected=true><a href="#t1" role=presentation tabindex=-1>Details</a></li>
      <li role=tab aria-selected=false><a href="#t2" role=presentation tabindex=-1>Reviews</a></li></ul>
    <a href="#top" role=presentation>Back to top</a>"""
    await open_html(page, serve, html)
    obs = await observe(page)
    assert [(e.role, e.name) for e in obs.elements] == [
        ("tab", "Details"), ("tab", "Reviews"), ("link", "Back to top")]


async def test_a_field_with_no_label_is_named_by_the_short_text_right_before_it(
    page: Page, serve: Serve
) -> None:
    html = """<p><span>Year:</span><input></p>
    <div class=field><div class=label>Director name</div><div class=input><input></div></div>
    <table><tr><td>Genre *</td><td><input></td></tr></table>
    <p>Please tell us in a few words everything you thought of the film and its end</p><textarea></textarea>
    <p><button>Go</button><input></p>
    <p>Eu, massa ac cras. Scelerisque sit. At</p><input>"""
    await open_html(page, serve, html)
    obs = await observe(page)
    fields = [e.name for e in obs.elements if e.role == "textbox"]
    # a long text, a button or sentences (the paragraph a task asks about) name nothing
    assert fields == ["Year", "Director name", "Genre", "", "", ""]
    assert "Eu, massa ac cras. Scelerisque sit. At" in obs.text_lines


async def test_a_field_first_in_its_box_is_named_by_a_floating_label_after_it(
    page: Page, serve: Serve
) -> None:
    html = """<div class=entry><input><div class=label>Genre</div></div>
    <div class=entry><input><div class=label>Director</div><input></div>"""
    await open_html(page, serve, html)
    obs = await observe(page)
    # in a box of two fields the text after the first is not its label (it is the one before the second)
    assert [e.name for e in obs.elements if e.role == "textbox"] == ["Genre", "", "Director"]


async def test_fields_and_a_button_in_one_box_without_a_form_element_are_one_form(
    page: Page, serve: Serve
) -> None:
    # a script's form: no <form>, a table of fields and a <div> that sends them when clicked
    html = """<div id=search><div>Movie search</div>
      <table><tr><th>Genre</th><td><input></td></tr><tr><th>Year</th><td><input></td></tr></table>
      <div class=go style="cursor:pointer" onclick="this.textContent = 'sent'">Search</div></div>
    <div id=news><input placeholder=Email><button>Subscribe</button></div>
    <nav><a href="#a">Home</a><button>Menu</button></nav>
    <form><input placeholder=Name><button>Send</button></form>"""
    await open_html(page, serve, html)
    obs = await observe(page)
    form = {e.name: e.form for e in obs.elements}
    assert form["Genre"] == form["Year"] == form["Search"] is not None
    assert form["Email"] == form["Subscribe"] is not None and form["Email"] != form["Genre"]
    assert form["Name"] == form["Send"] not in {None, form["Genre"], form["Email"]}
    assert form["Home"] is None and form["Menu"] is None  # no field near them


async def test_ids_are_stable_and_new_elements_are_marked(page: Page, serve: Serve) -> None:
    await open_html(page, serve, "<button>One</button><div id=box></div>")
    first = await observe(page, "all")
    assert not any(e.new for e in first.elements)
    await page.evaluate("document.getElementById('box').innerHTML = '<button>Two</button>'")
    second = await observe(page, "all")
    assert by_name(second, "One").id == by_name(first, "One").id and not by_name(second, "One").new
    two = by_name(second, "Two")
    assert two.new and f"[{two.id}]" in second.text and second.text.count(" new") == 1


async def test_unknown_id_says_to_read_the_page_again(page: Page, serve: Serve) -> None:
    await open_html(page, serve, "<button>One</button>")
    await observe(page)
    with pytest.raises(UnknownElement, match="read the page again"):
        await locate(page, "999")
    with pytest.raises(UnknownElement):
        await locate(page, "not-an-id")


async def test_removed_element_is_stale(page: Page, serve: Serve) -> None:
    await open_html(page, serve, "<button id=b>Gone soon</button>")
    obs = await observe(page)
    button_id = obs.elements[0].id
    await page.evaluate("document.getElementById('b').remove()")
    with pytest.raises(StaleElement, match="gone"):
        await locate(page, button_id)


async def test_large_page_respects_budget_and_says_how_many_more(page: Page, serve: Serve) -> None:
    rows = "".join(f"<p>Row {i} text</p><button>Action {i}</button>" for i in range(2000))
    await open_html(page, serve, rows)
    obs = await observe(page, "fields", budget_tokens=300)
    assert obs.truncated > 1500 and len(obs.elements) + obs.truncated == 2000
    tail = f"{obs.truncated} more elements below — scroll down or read again with a larger budget"
    assert obs.text.endswith(tail)
    assert obs.elements[0].name == "Action 0"
    again = await observe(page, "fields", budget_tokens=300)
    assert again.text == obs.text


async def test_far_content_in_all_mode_is_summarised_as_counts(page: Page, serve: Serve) -> None:
    rows = "".join(f"<p>Row {i}</p><button>Action {i}</button>" for i in range(300))
    await open_html(page, serve, rows)
    obs = await observe(page, "all")
    assert "Action 0" in obs.text and "Action 299" not in obs.text
    below = 300 - len(obs.elements)
    assert obs.text.splitlines()[-1].startswith(f"({below} more elements below, ")
    assert "text lines not shown" in obs.text
    full = await observe(page, "all", summarise=False)
    assert "Action 299" in full.text


async def test_long_page_in_all_mode_keeps_elements_several_screens_down(page: Page, serve: Serve) -> None:
    row = "<p style='margin:0;height:100px'>Row {i}</p><button>Action {i}</button>"
    rows = "".join(row.format(i=i) for i in range(300))
    await open_html(page, serve, rows)
    obs = await observe(page, "all")
    assert '"Action 40"' in obs.text and "Row 40" not in obs.text and "Row 2" in obs.text
    await page.evaluate("window.scrollTo(0, 10000)")
    scrolled = await observe(page, "all")
    assert scrolled.text.startswith("(") and "more elements above; scroll up to see them)" in scrolled.text


async def test_text_mode_keeps_inline_links_inside_their_sentence(page: Page, serve: Serve) -> None:
    await open_html(page, serve, "<p>Read our <a href=/t>terms</a> today.</p><button>Go</button>")
    obs = await observe(page, "text")
    assert obs.text == "Read our terms today."
    assert obs.elements == []


async def test_rendered_observation_has_url_and_title_header(page: Page, serve: Serve) -> None:
    await open_html(page, serve, "<title>Shop</title><button>Buy</button>")
    text = render_observation(await observe(page))
    assert text.splitlines()[1] == "Title: Shop" and text.splitlines()[0].startswith("URL: http://127.0.0.1:")
    assert '[1] button "Buy"' in text


async def test_a_page_its_script_draws_after_loading_is_read_once_it_shows_something(
    page: Page, serve: Serve
) -> None:
    late = """<body><script>setTimeout(() => { document.body.innerHTML =
    '<h1>Lighthouse Jazz Festival</h1><p>Old Lighthouse Quay, doors at 18:00</p>'; }, 700)</script></body>"""
    await open_html(page, serve, late)
    obs = await observe(page)
    assert "Old Lighthouse Quay" in obs.text
