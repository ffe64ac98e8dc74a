"""The person's data never leaves for another host, whatever the page does: a form posted to another
host, a fetch or a beacon, an image URL. The network layer checks every request's URL and body.

A profile fact (an e-mail, a number, a full name) goes only to the site of the page that sends it or
to the run's own sites; a secret only to the run's own sites (the allowed domains, else the start
site). Matching sees through URL-encoding, `+` for spaces, JSON `\\u` escapes (four hex digits) and separators
inside numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote_plus, urlsplit

_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
_NUMBER_GAP = re.compile(r"(?<=\d)[ ()./-](?=\d)")


def site_of(host: str) -> str:
    """A host's site, approximated without a suffix list: the last two labels ("shop.example.com" ->
    "example.com"), three under a two-letter country code with a short second label ("a.b.co.uk" ->
    "b.co.uk"); an IP address or a single label is its own site."""
    labels = host.lower().strip(".").split(".")
    if len(labels) < 3 or labels[-1].isdigit() or ":" in host:
        return host.lower()
    keep = 3 if len(labels[-1]) == 2 and len(labels[-2]) <= 3 else 2
    return ".".join(labels[-keep:])


def on_sites(host: str, hosts: list[str] | tuple[str, ...]) -> bool:
    """`host` is one of `hosts` or a subdomain of one."""
    return any(host == h or host.endswith("." + h) for h in hosts)


def readable(data: str) -> str:
    """Text as a server would decode it: lower case, URL-decoded twice, JSON escapes undone, numbers
    without their separators."""
    text = data
    for _ in range(2):
        text = unquote_plus(text)
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text).lower()
    return _NUMBER_GAP.sub("", text)


def _distinct(needle: str) -> bool:
    """Long enough not to turn up by chance in an address or a body: 6 digits for a number (a short
    PIN or a house number would block unrelated requests), 4 characters otherwise."""
    return len(needle) >= (6 if needle.isdigit() else 4)


@dataclass(frozen=True)
class DataFence:
    """What of the person's data the browser must keep from other hosts, and the run's own sites."""

    facts: tuple[str, ...] = ()
    secrets: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()
    _needles: tuple[tuple[str, bool], ...] = field(default=(), init=False, repr=False)

    def __post_init__(self) -> None:
        needles = [(readable(f), False) for f in self.facts] + [(readable(s), True) for s in self.secrets]
        object.__setattr__(self, "_needles", tuple((n, s) for n, s in needles if _distinct(n)))

    @property
    def active(self) -> bool:
        return bool(self._needles)

    def refusal(self, url: str, body: bytes | None, page_url: str) -> str | None:
        """Why a request from a page at `page_url` to `url` must not go: it carries the person's data
        to another host. None when it may."""
        host = (urlsplit(url).hostname or "").lower()
        if not host or on_sites(host, self.hosts):
            return None
        own_site = site_of(host) == site_of((urlsplit(page_url).hostname or "").lower())
        needles = [n for n, secret in self._needles if not own_site or (secret and self.hosts)]
        if not needles:
            return None
        text = readable(url + " " + (body or b"").decode("utf-8", "replace"))
        if not any(n in text for n in needles):
            return None
        return (f"a request to {host} carrying the person's data was blocked (it goes only to the site "
                "they asked for)")
