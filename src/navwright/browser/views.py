"""The last look at each tab, so that one observation serves three purposes: the "after" of an action,
the model's next view, and the "before" of the next action.

A look is reused only within the document it was taken in (the settle tracker's token), so element
ids in it still point at the same elements. What changed on the page since the look (by the action,
or by the page itself while the model read it) is what the next action's result reports, and the
elements that appeared since are the ones the page script marks new (`*` in the model's view).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from playwright.async_api import Page

from navwright.browser.observe import Look, look
from navwright.browser.settle import doc_token


class Views:
    """Each tab's last look (in `all` mode, unbudgeted) and how many looks were taken."""

    def __init__(self) -> None:
        self._last: WeakKeyDictionary[Page, Look] = WeakKeyDictionary()
        self.taken = 0
        """Observations taken of any tab: with one per action, about actions + one per step."""

    async def look(self, page: Page) -> Look:
        """A fresh look at `page`, kept as its last. Raises what `observe.look` raises."""
        self.forget(page)  # a look that fails leaves no stale one behind
        seen = await look(page, "all")
        self.taken += 1
        self._last[page] = seen
        return seen

    def kept(self, page: Page, doc: str | None) -> Look | None:
        """The last look at `page` when it was taken in the document `doc` (never for an unknown one)."""
        seen = self._last.get(page)
        return seen if seen is not None and doc is not None and seen.doc == doc else None

    async def current(self, page: Page) -> Look:
        """The last look at `page` while its document is the same; otherwise a fresh one."""
        return self.kept(page, await doc_token(page)) or await self.look(page)

    def forget(self, page: Page) -> None:
        self._last.pop(page, None)
