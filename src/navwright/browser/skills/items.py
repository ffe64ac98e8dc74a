"""The text of a list's items on their own pages, read without leaving the list: what a person does when
the list's lines do not show what the question compares ("which event has the most places?": each
event's page says how many). Each item's first link is fetched with the browser's own cookies (a
signed-in list reads signed-in items), only on the list's own origin, only by GET, never a link whose
address says it changes something (log out, delete); its HTML is read as lines of text.
"""

from __future__ import annotations

import asyncio
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

MAX_ITEMS = 8
"""Items read at most for one list."""
FETCH_TIMEOUT_MS = 5000
MAX_BYTES = 2_000_000
"""An item page larger than this is not read."""
_CHANGES = re.compile(r"log-?out|sign-?out|delete|remove|cancel|unsubscribe|/edit\b|action=", re.I)
"""Words of an address that may change something when it is opened."""
_HREFS = """ids => ids.map(id => {
  const link = document.querySelector(`[data-nw="${CSS.escape(id)}"]`);
  return link && link.href ? link.href : null;
})"""
_BLOCKS = frozenset({"p", "div", "li", "tr", "br", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "td", "th",
                     "section", "article", "header", "footer", "ul", "ol", "table", "main", "aside", "nav",
                     "blockquote", "pre", "form", "label", "dl"})
_HIDDEN = frozenset({"script", "style", "noscript", "template", "head", "svg"})


class _Lines(HTMLParser):
    """An HTML page's visible text, a line per block (a paragraph, a row, a heading)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._line: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._hidden += 1
        elif tag in _BLOCKS:
            self._end()

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag in _BLOCKS:
            self._end()

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self._line.append(data)

    def _end(self) -> None:
        line = " ".join(" ".join(self._line).split())
        if line:
            self.lines.append(line)
        self._line = []

    def text(self) -> list[str]:
        self._end()
        return self.lines


def html_lines(html: str) -> list[str]:
    """The lines of text a page's HTML shows (scripts, styles and the head left out)."""
    parser = _Lines()
    try:
        parser.feed(html)
        parser.close()
    except (AssertionError, ValueError):  # markup the parser gives up on: the lines read so far
        pass
    return parser.text()


async def item_pages(page: Page, ids: list[str]) -> dict[str, tuple[str, list[str]]]:
    """For each element id (an item's first link), the address it leads to and that page's lines; an
    item whose link leaves the list's origin, may change something, or does not load is left out."""
    try:
        hrefs = await page.evaluate(_HREFS, ids[:MAX_ITEMS])
    except PlaywrightError:
        return {}
    origin = urlsplit(page.url)[:2]
    wanted = {i: h for i, h in zip(ids, hrefs, strict=False)
              if isinstance(h, str) and urlsplit(h)[:2] == origin and not _CHANGES.search(h)}
    read = await asyncio.gather(*(_lines_at(page, url) for url in wanted.values()))
    return {i: (url, lines) for (i, url), lines in zip(wanted.items(), read, strict=True) if lines}


async def _lines_at(page: Page, url: str) -> list[str]:
    try:
        reply = await page.context.request.get(url, timeout=FETCH_TIMEOUT_MS, max_redirects=2,
                                               fail_on_status_code=False)
        if reply.status != 200 or "html" not in reply.headers.get("content-type", "html"):
            return []
        body = await reply.body()
    except PlaywrightError:
        return []
    if len(body) > MAX_BYTES:
        return []
    return html_lines(body.decode("utf-8", errors="replace"))
