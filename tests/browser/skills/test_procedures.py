"""search_site, find_in_page and next_page on small local sites."""

from __future__ import annotations

from browser_site import Site, run_skill

from navwright.browser.render import render_result
from navwright.browser.session import BrowserSession

HOME = """
<header><a href="/">Shop</a> <a href="/cart">Cart</a>
<form action="/search" role=search><input name=q placeholder="Search products"><button>Go</button></form>
</header>
<main><h1>Welcome</h1><p>Shoes and more.</p></main>
"""

RESULTS = """
<header><a href="/">Shop</a> <a href="/cart">Cart: 2 items in your cart</a></header>
<main><h1>Search</h1><p>3 results</p>
<ul class=results><li><a href="/p/1">Trail runner 2</a></li><li><a href="/p/2">Road runner</a></li>
<li><a href="/p/3">Runner socks</a></li></ul></main>
<footer><a href="/about">About us</a></footer>
"""


async def test_search_site_types_submits_and_lists_results(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": HOME, "/search": RESULTS}))
    result = await run_skill(session, "search_site", query="runner")
    assert result.ok, result.error
    assert result.navigated and "/search?q=runner" in result.url
    assert result.text is not None
    assert "3 results" in result.text and "Trail runner 2" in result.text and "About us" not in result.text
    assert "Cart" not in result.text
    assert "[" in result.text.splitlines()[1]  # result titles carry their element ids
    assert "searched for 'runner'" in render_result(result)


async def test_search_site_without_a_search_box_fails_clearly(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": "<form><label>Email <input type=email></label></form>"}))
    result = await run_skill(session, "search_site", query="runner")
    assert not result.ok and result.error is not None and "no search box" in result.error


def _long_table() -> str:
    row = "<tr><td>Town {i}</td><td>{p}</td><td>Region {r}</td></tr>"
    rows = "".join(row.format(i=i, p=1000 + i, r=i % 7) for i in range(400))
    filler = "".join(f"<p>Paragraph {i} about nothing in particular.</p>" for i in range(200))
    return (f"<h1>Towns</h1>{filler}<h2>Populations</h2><table><tr><th>Town</th><th>Population</th>"
            f"<th>Region</th></tr>{rows}</table><h2>Notes</h2><p>Town 377 was founded in 1820.</p>")


async def test_find_in_page_finds_a_row_deep_in_a_long_table(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": _long_table()}))
    result = await run_skill(session, "find_in_page", terms="population of Town 377")
    assert result.ok, result.error
    assert result.text is not None
    assert "Town 377 | 1377 | Region 6" in result.text
    assert "# Populations" in result.text and "Town | Population | Region" in result.text
    assert "Town 377 was founded in 1820." in result.text
    assert len(result.text.splitlines()) <= 16
    only_row = await run_skill(session, "find_in_page", terms="377")
    assert only_row.text is not None
    assert "(columns: Town | Population | Region)\n  Town 377 | 1377 | Region 6" in only_row.text


async def test_find_in_page_says_when_nothing_matches(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": _long_table()}))
    result = await run_skill(session, "find_in_page", terms="zebra")
    assert not result.ok and result.error is not None and "zebra" in result.error


def _listing(n: int, last: int = 3) -> str:
    items = "".join(f"<li>Item {n}-{i}</li>" for i in range(3))
    pages = "".join(
        f'<a href="/p{k}" {"aria-current=page" if k == n else ""}>{k}</a> ' for k in range(1, last + 1)
    )
    return f"<ul>{items}</ul><nav class=pagination>{pages}</nav>"


async def test_next_page_by_page_number_and_none_on_the_last(site: Site, session: BrowserSession) -> None:
    base = site({"/p1": _listing(1), "/p2": _listing(2), "/p3": _listing(3)})
    await session.open(base + "/p1")
    first = await run_skill(session, "next_page")
    assert first.ok and first.url.endswith("/p2"), first.error
    await run_skill(session, "next_page")
    last = await run_skill(session, "next_page")
    assert session.page.url.endswith("/p3")
    assert not last.ok and last.error is not None and "no link or button to a next page" in last.error


async def test_next_page_follows_a_next_button(site: Site, session: BrowserSession) -> None:
    page = """<ul id=l><li>A</li></ul><button id=nx aria-label="Next page">›</button>
    <script>let n = 1; nx.onclick = () => { n++; l.innerHTML = '<li>Page ' + n + '</li>'; };</script>"""
    await session.open(site({"/": page}))
    result = await run_skill(session, "next_page")
    assert result.ok and "Page 2" in result.appeared_text


async def test_search_site_clicks_the_button_of_a_box_outside_a_form(
    site: Site, session: BrowserSession
) -> None:
    page = """<div class=searchbar><input id=s aria-label="Find a recipe"><button id=b>🔍</button></div>
    <div id=out></div>
    <script>b.onclick = () => { out.innerHTML = '<p>2 results</p><a href="/r/1">Lemon cake</a> '
      + '<a href="/r/2">Lemon tart</a>'; };</script>"""
    await session.open(site({"/": page}))
    result = await run_skill(session, "search_site", query="lemon")
    assert result.ok, result.error
    assert await session.page.locator("#s").input_value() == "lemon"
    assert result.text is not None and "2 results" in result.text and "Lemon tart" in result.text
