"""The HTML manifest (ul.api and <api>): discovery, validation, invocation, policy, failures."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from playwright.async_api import Page
from site_server import Site

from navwright.sites import HttpCall, JsCall, SiteSkillSource
from navwright.sites.html_manifest import RawParam, parse_param

LIST_PAGE = """<!doctype html><title>Shop</title><h1>Shop</h1>
<ul class="api">
  <li id="search_products" data-endpoint="/api/search" data-method="GET">
    <p class="description">Search the catalogue.</p>
    <ul>
      <li><code>query</code> (string, required): what to search</li>
      <li><code>limit</code> (integer): how many results</li>
    </ul>
  </li>
  <li id="add_to_cart" data-endpoint="/api/cart" data-method="POST">Put a product in the cart
    <ul>
      <li data-name="product_id" data-type="string" data-required>the product</li>
      <li data-name="quantity" data-type="integer" data-default="1">how many</li>
    </ul>
  </li>
  <li id="subscribe" data-endpoint="/api/subscribe" data-method="POST" data-body="form" data-safe>
    Subscribe to the newsletter <ul><li>email: string - where to send it</li></ul>
  </li>
  <li id="broken">no way to call this one</li>
  <li id="fail_call" data-endpoint="/api/fail" data-method="POST">Always fails<ul></ul></li>
  <li id="elsewhere" data-endpoint="http://localhost:1/api/x" data-method="GET">Other host<ul></ul></li>
  <li id="count" data-endpoint="/api/count" data-method="GET">Count my visits<ul></ul></li>
</ul></html>"""

API_PAGE = """<!doctype html><title>Notes</title>
<api name="make_note" data-js="notes.add">
  <description>Add a note to the page</description>
  <ul><li data-name="text" data-type="string" data-required>the note</li></ul>
</api>
<api name="explode" data-js="notes.explode"><ul></ul></api>
<api name="vanished" data-js="notes.missing"><ul></ul></api>
<ul id="list"></ul>
<script>
window.notes = {
  count: 0,
  add(args) { const li = document.createElement('li'); li.textContent = args.text;
              document.getElementById('list').append(li); this.count += 1; return {notes: this.count}; },
  explode() { throw new Error('the note store is locked'); },
};
</script>"""

MakeSite = Callable[[Mapping[str, str]], Site]


def test_parameter_items_in_several_styles_are_read() -> None:
    assert parse_param(RawParam(code="query", text="query (string, required): what to search")) == (
        "query",
        {"type": "string", "description": "what to search"},
        True,
    )
    assert parse_param(RawParam(text="limit: int - how many")) == (
        "limit",
        {"type": "integer", "description": "how many"},
        None,
    )
    attrs = {"data-name": "size", "data-type": "string", "data-enum": "S,M,L", "data-optional": ""}
    parsed = parse_param(RawParam(attrs=attrs, text="shirt size"))
    assert parsed is not None
    name, prop, req = parsed
    assert (name, prop["enum"], prop["description"], req) == ("size", ["S", "M", "L"], "shirt size", False)


async def test_list_manifest_functions_are_discovered_with_schemas(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    assert "broken" not in fns
    search = fns["search_products"]
    assert search.description == "Search the catalogue."
    assert search.read_only and search.source == "html-list"
    assert search.parameters["required"] == ["query"]
    assert search.parameters["properties"]["limit"]["type"] == "integer"
    assert isinstance(search.invocation, HttpCall) and search.invocation.url == shop.url + "/api/search"
    add = fns["add_to_cart"]
    assert add.description == "Put a product in the cart" and not add.read_only
    assert add.parameters["properties"]["quantity"]["default"] == 1
    assert fns["subscribe"].read_only  # a POST declared safe
    assert fns["subscribe"].parameters["required"] == ["email"]  # no markers at all: all required


async def test_get_call_sends_arguments_in_the_query(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["search_products"].invoke(tab, {"query": "red mug", "limit": 3})
    assert result.ok, result.error
    assert shop.api_calls()[-1]["query"] == {"query": "red mug", "limit": "3"}
    assert json.loads(result.text or "")["method"] == "GET"


async def test_post_call_sends_json_and_carries_page_cookies(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["add_to_cart"].invoke(tab, {"product_id": "mug-7", "quantity": 2})
    assert result.ok, result.error
    call = shop.api_calls()[-1]
    assert call["method"] == "POST" and "json" in call["content_type"]
    assert json.loads(call["body"]) == {"product_id": "mug-7", "quantity": 2}
    assert "sid=s-1" in call["cookie"]


async def test_form_body_is_sent_when_declared(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    assert (await fns["subscribe"].invoke(tab, {"email": "a@b.c"})).ok
    call = shop.api_calls()[-1]
    assert call["content_type"].startswith("application/x-www-form-urlencoded")
    assert call["body"] == "email=a%40b.c"


async def test_bad_arguments_are_refused_in_words_and_nothing_is_sent(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["add_to_cart"].invoke(tab, {"quantity": "two"})
    assert not result.ok
    assert "'product_id' is a required property" in (result.error or "")
    assert "quantity: 'two' is not of type 'integer'" in (result.error or "")
    assert "Nothing was sent" in (result.error or "")
    assert shop.api_calls() == []


async def test_http_error_is_reported_in_words_with_a_fallback(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["fail_call"].invoke(tab, {})
    assert not result.ok
    assert "HTTP 500" in (result.error or "") and "the warehouse is on fire" in (result.error or "")
    assert "clicking" in (result.error or "")


async def test_call_outside_allowed_domains_is_blocked(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    assert "elsewhere" not in fns  # a function that would leave the page's host is never offered
    offsite = fns["count"].model_copy(
        update={"name": "elsewhere", "invocation": HttpCall(url="http://localhost:1/api/x", method="GET")}
    )
    result = await offsite.invoke(tab, {}, allowed_domains=["127.0.0.1"])
    assert not result.ok
    assert "localhost, which is not an allowed domain" in (result.error or "")
    unfenced = await offsite.invoke(tab, {}, allowed_domains=[])  # no fence: still only the page's host
    assert not unfenced.ok and "not an allowed domain" in (unfenced.error or "")
    on_page_host = await fns["search_products"].invoke(tab, {"query": "x"}, allowed_domains=["example.org"])
    assert not on_page_host.ok and "not an allowed domain" in (on_page_host.error or "")
    assert all(c["path"] != "/api/search" for c in shop.calls)


async def test_long_results_are_trimmed_saying_how_much_was_cut(site: MakeSite, tab: Page) -> None:
    shop = site({"/": LIST_PAGE})
    await tab.goto(shop.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    result = await fns["search_products"].invoke(tab, {"query": "x" * 400}, budget=100)
    assert result.ok
    assert (result.text or "").endswith("more characters cut)")
    assert len(result.text or "") < 140


async def test_api_element_with_page_function_is_called(site: MakeSite, tab: Page) -> None:
    notes = site({"/": API_PAGE})
    await tab.goto(notes.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    make = fns["make_note"]
    assert make.source == "html-api" and isinstance(make.invocation, JsCall)
    assert make.description == "Add a note to the page" and not make.read_only
    result = await make.invoke(tab, {"text": "buy milk"})
    assert result.ok and result.text == '{"notes":1}'
    assert await tab.locator("#list li").all_inner_texts() == ["buy milk"]


async def test_exception_on_the_page_is_reported_in_words(site: MakeSite, tab: Page) -> None:
    notes = site({"/": API_PAGE})
    await tab.goto(notes.url + "/")
    fns = {f.name: f for f in await SiteSkillSource(probe_well_known=False).functions_for(tab)}
    failed = await fns["explode"].invoke(tab, {})
    assert not failed.ok and "notes.explode() failed: the note store is locked" in (failed.error or "")
    missing = await fns["vanished"].invoke(tab, {})
    assert not missing.ok and "has no function notes.missing()" in (missing.error or "")


async def test_page_without_manifest_has_no_functions(site: MakeSite, tab: Page) -> None:
    plain = site({"/": "<!doctype html><title>Plain</title><p>Nothing here</p>"})
    await tab.goto(plain.url + "/")
    assert await SiteSkillSource().functions_for(tab) == []
