"""The result a request names by its place in the list: "find and click the 7th search result".

Counting is what a small model cannot do: on a list of three results a page, with page links "1 2 3
>", a 1.5B model clicked page links back and forth for 17 calls. A person counts: seven at three a
page is the first result of page 3. Code does the same from the first page of results it sees (the
result links between the search box and the page links): it opens the page the place falls on, then
presses the result. When the page it sees is not one it counted (the model went elsewhere), it does
nothing, and the model decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from navwright.agent.task.request import StepRequest
from navwright.browser.types import ElementInfo

PAGE_LINK = re.compile(r"\d{1,3}|[<>«»‹›]|next|prev(?:ious)?|next page|previous page", re.IGNORECASE)


@dataclass
class Paging:
    """What code counted of a list of results in this step."""

    first: tuple[str, ...] = ()
    """The names of the results on the first page code saw."""
    page: int = 0
    """The page code opened (0: none yet, the first page is shown)."""
    shown: tuple[str, ...] = ()
    """The names of the results on the page code opened."""
    pressed: set[str] = field(default_factory=set)


def results_and_pages(elements: list[ElementInfo]) -> tuple[list[ElementInfo], list[ElementInfo]]:
    """The result links (after the page's last field or button, before its first page link) and the
    page links ("1", "2", ">")."""
    links = [e for e in elements if e.role == "link" and not e.disabled and e.name.strip()]
    pages = [e for e in links if PAGE_LINK.fullmatch(e.name.strip())]
    if not pages:
        return [], []
    at = {e.id: i for i, e in enumerate(elements)}
    asks = [i for i, e in enumerate(elements) if e.role in {"textbox", "searchbox", "button"}]
    start = max(asks, default=-1)
    results = [e for e in links if start < at[e.id] < at[pages[0].id]]
    return results, pages


def result_move(request: StepRequest, elements: list[ElementInfo], paging: Paging) -> str | None:
    """The id of what code presses next to reach the request's numbered result: the page link of the
    page it falls on, then the result; None when there is no numbered result, no list of results with
    page links, or the page shown is not one code counted."""
    place = request.place
    results, pages = results_and_pages(elements) if place else ([], [])
    if place is None or not results:
        return None
    names = tuple(e.name for e in results)
    paging.first = paging.first or names
    if paging.page and not paging.shown and names != paging.first:  # the page code opened last
        paging.shown = names
    per_page = len(paging.first)
    want = (place - 1) // per_page + 1
    on = 1 if names == paging.first else paging.page if names == paging.shown else None
    if on is None:
        return None
    index = (place - 1) % per_page
    if on == want:
        target = results[index] if index < len(results) else None
        key = f"result:{place}"
    else:
        target = next((e for e in pages if e.name.strip() == str(want)), None)
        key = f"page:{want}"
    if target is None or key in paging.pressed:
        return None
    paging.pressed.add(key)
    if on != want:
        paging.page = want
        paging.shown = ()
    return target.id
