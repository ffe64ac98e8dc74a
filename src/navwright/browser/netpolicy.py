"""Allowed domains (block other documents, report it) and navigation errors in words."""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Sequence
from typing import Protocol
from urllib.parse import urljoin, urlsplit

from playwright.async_api import APIRequestContext, APIResponse, Route
from playwright.async_api import Error as PlaywrightError

from navwright.browser.csp import allowing, script_hash
from navwright.browser.datafence import DataFence


class _Record(Protocol):
    blocked: list[str]


MAX_HOPS = 10
"""The most redirects one navigation may take inside the fence."""

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
    """True when no fence is set, or `url` is inside it.

    Inside the fence: an http(s)/ws(s) address whose host is an allowed domain or, for host names, a
    subdomain of one (on a label boundary); an IP address or `localhost` only matches itself. Blob
    URLs count as their origin; `about:blank` (and `about:srcdoc`) are allowed; every other scheme
    (file:, data:, ftp:, javascript:, chrome:...) is refused.
    """
    if not allowed:
        return True
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme == "blob":
        return host_allowed(url.strip()[5:], allowed)
    if scheme == "about":
        return parts.path.lower() in ("blank", "srcdoc")
    if scheme not in WEB_SCHEMES:
        return False
    try:
        host = (parts.hostname or "").lower().rstrip(".")
    except ValueError:
        return False
    return bool(host) and any(domain_matches(host, d) for d in allowed)


WEB_SCHEMES = ("http", "https", "ws", "wss")


def scheme_of(url: str) -> str:
    """A URL's scheme in lower case ("" when it has none); a blob: URL's is its origin's."""
    scheme = urlsplit(url.strip()).scheme.lower()
    return scheme_of(url.strip()[5:]) if scheme == "blob" else scheme


def scheme_allowed(url: str, schemes: Sequence[str]) -> bool:
    """True when no scheme list is set, or `url`'s scheme is on it (`about:blank` always is)."""
    if not schemes:
        return True
    scheme = scheme_of(url)
    if scheme == "about":
        return urlsplit(url.strip()).path.lower() in ("blank", "srcdoc")
    return scheme in schemes


def url_allowed(url: str, domains: Sequence[str], schemes: Sequence[str] = ()) -> bool:
    """Inside the fence: its scheme is allowed and its host is an allowed domain. A scheme with no
    host (file:, data:) passes the domain fence only when the person named it in `schemes`."""
    if not scheme_allowed(url, schemes):
        return False
    scheme = scheme_of(url)
    if scheme in schemes and scheme not in WEB_SCHEMES:
        return True
    return host_allowed(url, list(domains))


def describe_scheme(url: str, schemes: Sequence[str]) -> str:
    """Why `url` was not opened: its scheme is not one the person allowed."""
    shown = url if len(url) <= 80 else url[:77] + "..."
    return (f"{shown} was not opened: {scheme_of(url) or 'an address with no scheme'}: addresses are "
            f"not allowed here (allowed: {', '.join(schemes)})")


def domain_matches(host: str, domain: str) -> bool:
    """`host` is `domain`, or a subdomain of it when both are host names (never for IPs/localhost)."""
    d = _bare_domain(domain)
    if not d or not host:
        return False
    if host == d:
        return True
    if _is_ip(host) or _is_ip(d) or host == "localhost" or d == "localhost":
        return False
    return host.endswith("." + d)


def _bare_domain(domain: str) -> str:
    """An allowed-domain entry as a bare lower-case host (a URL or a `host:port` gives its host)."""
    d = domain.strip().lower()
    if "://" in d:
        try:
            d = urlsplit(d).hostname or ""
        except ValueError:
            return ""
    elif d.count(":") == 1:
        d = d.split(":")[0]
    return d.strip("[]").strip(".")


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


class DomainGuard:
    """A context route handler that aborts documents outside the allowed domains, and any request that
    carries the person's data to another host (`DataFence`), and records them."""

    def __init__(self, allowed: list[str], happened: _Record) -> None:
        self.allowed = allowed
        self.happened = happened
        self.data = DataFence()
        self.blocked_main: str | None = None
        self.fetcher: APIRequestContext | None = None
        """The browser context's request client (its cookies), for walking redirect chains."""
        """The last top-level navigation that was blocked (the caller resets it)."""

    async def handle(self, route: Route) -> None:
        request = route.request
        leak = None
        if self.data.active:
            leak = self.data.refusal(request.url, request.post_data_buffer, _page_url(route))
        if leak is not None:
            self.happened.blocked.append(leak)
            if request.resource_type == "document" and _is_top_level(route):
                await route.fulfill(status=204, body="")  # the tab stays on its page
            else:
                await route.abort("blockedbyclient")
            return
        if not self.allowed:
            await route.fallback()
            return
        if not host_allowed(request.url, self.allowed):
            if request.resource_type == "document":
                await self._block(route, request.url)
            else:
                await route.abort("blockedbyclient")
            return
        if request.resource_type != "document":
            await route.fallback()
            return
        await self._document(route)

    async def _document(self, route: Route) -> None:
        """Fetch without following redirects and check every hop before the page sees any of it.

        The browser follows a redirect it was handed without asking the route again, so the chain is
        walked here; a chain that stays inside the fence is handed over as one redirect to its end.
        """
        request = route.request
        try:
            response = await route.fetch(max_redirects=0)
        except PlaywrightError:
            await route.fallback()
            return
        url, method, body = request.url, request.method, request.post_data_buffer
        for _ in range(MAX_HOPS):
            target = _redirect_target(url, response)
            if target is None or self.fetcher is None:
                break
            if not host_allowed(target, self.allowed):
                await self._block(route, target)
                return
            if response.status not in (307, 308):
                method, body = "GET", None
            url = target
            try:
                response = await self.fetcher.fetch(
                    url, method=method, data=body, max_redirects=0, fail_on_status_code=False
                )
            except PlaywrightError:
                break  # the browser will meet the same error and report it
        else:
            if _redirect_target(url, response) is not None:
                await self._block(route, url)
                return
        target = _redirect_target(url, response) if url == request.url else None
        if target is not None and not host_allowed(target, self.allowed):
            await self._block(route, target)
        elif url == request.url:
            await route.fulfill(response=response)
        elif _same_origin(url, request.url) and "html" in response.headers.get("content-type", ""):
            await _arrive(route, response, url)
        else:
            await route.fulfill(status=302, headers={"location": url}, body="")

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


async def _arrive(route: Route, response: APIResponse, url: str) -> None:
    """Hand the page at the end of a redirect chain inside the fence to the browser as it was fetched,
    moved to its own address: a second fetch (the browser following a redirect to it) would load it
    again, and a flash message ("Message sent") shown on its first load would be gone. The script that
    moves it runs under the page's own script policy too (browser/csp.py)."""
    html = (await response.body()).decode(_charset(response), "replace")
    address = json.dumps(url).replace("<", "\\u003c")
    script = f"history.replaceState(history.state, '', {address})"
    moved = f"<script>{script}</script>"
    head = re.search(r"<head\b[^>]*>", html, re.IGNORECASE) or re.search(r"<!doctype[^>]*>", html, re.I)
    at = head.end() if head else 0
    headers = {k: allowing(v, script_hash(script)) if k.lower() == "content-security-policy" else v
               for k, v in response.headers.items()
               if k.lower() not in {"content-length", "content-encoding", "transfer-encoding"}}
    await route.fulfill(status=response.status, headers=headers, body=html[:at] + moved + html[at:])


def _charset(response: APIResponse) -> str:
    found = re.search(r"charset=([\w-]+)", response.headers.get("content-type", ""), re.IGNORECASE)
    return found.group(1) if found else "utf-8"


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.netloc) == (y.scheme, y.netloc)


def _redirect_target(url: str, response: APIResponse) -> str | None:
    location = response.headers.get("location")
    if 300 <= response.status < 400 and location:
        return urljoin(url, location)
    return None


def _page_url(route: Route) -> str:
    """The URL of the page that sends the request ("" when it has none yet: a new tab's first request)."""
    try:
        return route.request.frame.page.url
    except PlaywrightError:
        return ""


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
