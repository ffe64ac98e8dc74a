"""The pages a step has been on, so the navigator is not offered links back to them.

A small model lured by a word of the task ("add it to the cart") follows the same link again and again:
Cart → Continue shopping → Cart. A link is not offered again when it leads to a page this step has
already seen and the link itself, same label, was already on an earlier page. A changed label
("Cart (0)" → "Cart (1)") says the target changed, so that link is offered. Links to a part of the
current page (`#...`) and script links never count as visits. `go_back` stays available.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from navwright.browser.types import ElementInfo, Observation


def page_key(url: str) -> str:
    """A URL without its fragment and trailing slash: the page it names."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") or "/", parts.query, ""))


def _target(element: ElementInfo) -> str | None:
    href = element.href or ""
    if element.role != "link" or not href.startswith(("http://", "https://")) or "#" in href:
        return None
    return page_key(href)


@dataclass
class Trail:
    visited: set[str] = field(default_factory=set)
    links: set[tuple[str, str]] = field(default_factory=set)
    """(target page, label) of every link seen on earlier observations of this step."""

    def stale(self, obs: Observation) -> set[str]:
        """Ids of the links on this page that lead back to pages already seen (this one included), by a
        link already seen."""
        out = set()
        seen = self.visited | {page_key(obs.url)}
        for element in obs.elements:
            target = _target(element)
            if target in seen and (target, element.name) in self.links:
                out.add(element.id)
        return out

    def see(self, obs: Observation) -> None:
        """Record this page and its links (call after `stale`, so a page's own links count from next time)."""
        self.visited.add(page_key(obs.url))
        for element in obs.elements:
            target = _target(element)
            if target is not None:
                self.links.add((target, element.name))
