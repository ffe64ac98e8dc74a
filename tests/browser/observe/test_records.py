"""Records read as one line: table rows as "cell | cell", the short texts of one card joined with " · ",
never across two cards; a long page's left-out text counts as more to read."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from playwright.async_api import Page

from navwright.agent.actions import page_features
from navwright.browser.observe import observe

Serve = Callable[[Mapping[str, str]], str]

TABLE = """<h2>Fees</h2><table><tr><th>Item</th><th>Fee</th></tr>
<tr><td>Cabin bag</td><td>Included</td></tr><tr><td>Second checked bag</td><td>€55</td></tr>
<tr><td><a href=/sports>Sports equipment</a></td><td>€60</td></tr></table>"""

BLOCK = '<span style="display:block">{}</span>'
CARD = ("<div class=card>" + BLOCK.format("{brand}") + '<a href="/p/{n}">{name}</a><div>{stars}</div>'
        + BLOCK.format("{price}") + BLOCK.format("In stock") + "</div>")
GRID = "<div class=grid>" + "".join(
    CARD.format(n=n, brand=b, name=name, stars="★★★★☆ 4.4", price=price)
    for n, (b, name, price) in enumerate([("Kestrel", "Alpine Down Parka", "$289.00"),
                                          ("Ridgeway", "Cascade Rain Shell", "$149.00")])
) + "</div>"


async def test_a_table_row_is_one_line_of_cells(page: Page, serve: Serve) -> None:
    await page.goto(serve({"/": TABLE}) + "/")
    lines = [ln.strip() for ln in (await observe(page, "all")).text.splitlines()]
    assert "Item | Fee" in lines and "Cabin bag | Included" in lines and "Second checked bag | €55" in lines


async def test_the_short_texts_of_one_card_are_one_line_and_two_cards_never_share_one(
    page: Page, serve: Serve
) -> None:
    await page.goto(serve({"/": GRID}) + "/")
    lines = [ln.strip() for ln in (await observe(page, "all")).text.splitlines()]
    assert "★★★★☆ 4.4 · $289.00 · In stock" in lines
    assert "★★★★☆ 4.4 · $149.00 · In stock" in lines
    assert not any("In stock · Ridgeway" in ln or "$289.00 · Ridgeway" in ln for ln in lines)
    assert "Kestrel" in lines and "Ridgeway" in lines


async def test_paragraphs_and_headings_are_never_joined(page: Page, serve: Serve) -> None:
    await page.goto(serve({"/": "<div><h2>Hours</h2><p>Open daily.</p><p>Closed on 1 May.</p></div>"}) + "/")
    lines = [ln.strip() for ln in (await observe(page, "all")).text.splitlines()]
    assert "## Hours" in lines
    assert "Open daily. · Closed on 1 May." in lines or {"Open daily.", "Closed on 1 May."} <= set(lines)
    assert not any(ln.startswith("## Hours ·") for ln in lines)


async def test_text_left_out_of_a_long_page_makes_it_a_long_page(page: Page, serve: Serve) -> None:
    text = "".join(f"<p style='margin:0;height:100px'>Paragraph {i} of the article.</p>" for i in range(80))
    await page.goto(serve({"/": f"<h1>Article</h1>{text}"}) + "/")
    obs = await observe(page, "all", budget_tokens=1400)
    assert obs.truncated == 0 and obs.left_out > 0
    assert "long_page" in page_features(obs, None, navigated=False, uploads=False)
