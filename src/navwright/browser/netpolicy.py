"""Allowed domains (block other documents, report it) and navigation errors in words."""

from __future__ import annotations

from typing import Protocol
from urllib.parse import urljoin, urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Route


class _Record(Protocol):
    blocked: list[str]


NET_ERRORS = {
    "ERR_NAME_NOT_RESOLVED": "the address could not be found (no such host)",
    "ERR_CONNECTION_REFUSED": "nothing answered at that address (connection refused)",
    "ERR_CONNECTION_RESET": "the connection was reset",
    "ERR_CONNECTION_TIMED_OUT": "the connection timed out",
    "ERR_ADDRESS_UNREACHABLE": "the address is unreachable",
    "ERR_INTERNET_DISCONNECTED": "there is no network connection",
    "ERR_CERT": "the site's certificate is not valid",
    "ERR_TOO_MANY_REDIRECTS": "the site redirects in a loop",
    "ERR_EMPTY_RESPONSE": "the server sent an empty response",
    "ERR_INVALID_URL": "the URL is not valid",
    "ERR_ABORTED": "the navigation was cancelled",
}


def host_allowed(url: str, allowed: list[str]) -> bool:
    """True when `url` is not a web address or its host is (a subdomain of) an allowed domain."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not allowed:
        return True
    host = (parts.hostname or "").lower()
    return any(host == d or host.endswith("." + d) for d in (a.lower().strip(".") for a in allowed))


class DomainGuard:
    """A context route handler that aborts documents outside the allowed domains and records them."""

    def __init__(self, allowed: list[str], happened: _Record) -> None:
        self.allowed = allowed
        self.happened = happened
        self.blocked_main: str | None = None
        """The last top-level navigation that was blocked (the caller resets it)."""

    async def handle(self, route: Route) -> None:
        request = route.request
        if request.resource_type != "document":
            await route.fallback()
            return
        if not host_allowed(request.url, self.allowed):
            await self._block(route, request.url)
            return
        # The browser follows redirects without asking the route again: fetch without following,
        # and check where a redirect points before handing the answer to the page.
        try:
            response = await route.fetch(max_redirects=0)
        except PlaywrightError:
            await route.fallback()
            return
        location = response.headers.get("location")
        if 300 <= response.status < 400 and location:
            target = urljoin(request.url, location)
            if not host_allowed(target, self.allowed):
                await self._block(route, target)
                return
        await route.fulfill(response=response)

    async def _block(self, route: Route, url: str) -> None:
        self.happened.blocked.append(
            f"navigation to {url} was blocked ({urlsplit(url).hostname} is not an "
            f"allowed domain: {', '.join(self.allowed)})"
        )
        if _is_top_level(route):
            # "204 No Content" keeps the tab on the page it was showing (an abort shows an error page).
            self.blocked_main = url
            await route.fulfill(status=204, body="")
        else:
            await route.abort("blockedbyclient")


def _is_top_level(route: Route) -> bool:
    try:
        return route.request.frame.parent_frame is None
    except PlaywrightError:  # a new tab's first request comes before its frame exists
        return True


def describe_blocked(url: str, guard: DomainGuard) -> str:
    """Why `url` was not opened: it (or where it redirects) is outside the allowed domains."""
    blocked = guard.blocked_main or url
    where = url if blocked.rstrip("/") == url.rstrip("/") else f"{url} redirects to {blocked}, which"
    return f"{where} is outside the allowed domains ({', '.join(guard.allowed)}); it was not opened"


def describe_navigation_error(url: str, message: str, timeout_s: float, guard: DomainGuard) -> str:
    """A Playwright navigation error as a sentence for the model."""
    if "Timeout" in message and "exceeded" in message:
        return f"{url} did not load within {timeout_s:g} s"
    for code, words in NET_ERRORS.items():
        if code in message:
            return f"could not open {url}: {words}"
    first = message.strip().splitlines()[0] if message.strip() else "unknown error"
    return f"could not open {url}: {first.removeprefix('Page.goto: ')}"
