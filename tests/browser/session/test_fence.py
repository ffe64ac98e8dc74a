"""The domain fence holds on every hop: chained redirects, clicked links, popups, other schemes.

Judged from what a second local server ("localhost", outside the fence) received: nothing.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from browser_site import Reply, Site, element_id, run_skill
from playwright.async_api import Browser

from navwright.browser.chromium import BrowserSettings
from navwright.browser.csp import allowing, script_hash
from navwright.browser.errors import NavigationFailed
from navwright.browser.netpolicy import host_allowed, scheme_allowed, url_allowed
from navwright.browser.session import BrowserSession


class Recorder:
    """A server on "localhost" that records every path it is asked for."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        paths = self.paths

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                paths.append(self.path)
                body = b"<title>Other</title><p>the other host's text</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://localhost:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def other() -> Iterator[Recorder]:
    recorder = Recorder()
    yield recorder
    recorder.server.shutdown()
    recorder.server.server_close()


@pytest.fixture
async def guarded(browser: Browser) -> AsyncIterator[BrowserSession]:
    async with BrowserSession(BrowserSettings(allowed_domains=["127.0.0.1"]), browser=browser) as session:
        yield session


def chain_site(site: Site, other: Recorder) -> str:
    """/a -> /b (both allowed) -> the other host; /in-a -> /in-b -> /end stays inside."""
    return site(
        {
            "/": f"""<title>Start</title><a href="/a">Chain</a>
                 <button onclick="window.open('/a')">Popup</button>
                 <a href="{other.url}/direct">Direct</a>""",
            "/a": Reply("", status=302, headers={"Location": "/b"}),
            "/b": Reply("", status=302, headers={"Location": other.url + "/secret"}),
            "/in-a": Reply("", status=301, headers={"Location": "/in-b"}),
            "/in-b": Reply("", status=303, headers={"Location": "/end"}),
            "/end": "<title>End</title><p>arrived</p>",
        }
    )


async def test_two_chained_redirects_from_the_start_url_are_blocked(
    site: Site, other: Recorder, guarded: BrowserSession
) -> None:
    base = chain_site(site, other)
    with pytest.raises(NavigationFailed, match="localhost"):
        await guarded.open(base + "/a")
    assert other.paths == []
    assert "the other host's text" not in await guarded.page.content()


async def test_two_chained_redirects_from_a_clicked_link_and_a_popup_are_blocked(
    site: Site, other: Recorder, guarded: BrowserSession
) -> None:
    base = chain_site(site, other)
    await guarded.open(base + "/")
    for name in ("Chain", "Popup", "Direct"):
        result = await run_skill(guarded, "click", element=await element_id(guarded, name))
        assert "localhost is not an allowed domain" in result.detail, (name, result.detail)
        if result.new_tab:
            await run_skill(guarded, "close_tab")
        assert guarded.page.url == base + "/"
    assert other.paths == []


async def test_a_redirect_chain_inside_the_fence_still_arrives(site: Site, other: Recorder,
                                                              guarded: BrowserSession) -> None:
    base = chain_site(site, other)
    await guarded.open(base + "/in-a")
    assert guarded.page.url == base + "/end"
    assert await guarded.page.title() == "End"


async def test_a_redirect_chain_ends_at_its_own_address_under_a_strict_script_policy(
    site: Site, guarded: BrowserSession
) -> None:
    """A page whose policy allows no inline script (pretix's checkout) still gets its own address, so a
    form that posts to its own page posts there; the page's own inline script stays blocked."""
    strict = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:"}
    base = site({
        "/start": Reply("", status=302, headers={"Location": "/step"}),
        "/step": Reply("<title>Step</title><script>document.title = 'ran'</script><form method=post>"
                       "<input name=email><button>Continue</button></form>", headers=strict),
    })  # fmt: skip
    await guarded.open(base + "/start")
    assert guarded.page.url == base + "/step"
    assert await guarded.page.title() == "Step"


def test_a_script_hash_joins_the_directive_that_governs_inline_scripts() -> None:
    h = script_hash("x()")
    assert allowing("default-src 'self'", h) == f"default-src 'self'; script-src 'self' {h}"
    assert allowing("script-src 'none'; object-src 'none'", h) == f"script-src {h}; object-src 'none'"
    assert allowing("script-src 'self'; script-src-elem 'self'", h).endswith(f"script-src-elem 'self' {h}")
    assert allowing("script-src 'self' 'unsafe-inline'", h) == "script-src 'self' 'unsafe-inline'"
    assert allowing("img-src 'self'", h) == "img-src 'self'"
    assert allowing("script-src 'nonce-abc', default-src *", h) == (
        f"script-src 'nonce-abc' {h}, default-src *; script-src * {h}")


async def test_other_schemes_are_refused_inside_a_fence(guarded: BrowserSession) -> None:
    for url in ("file:///etc/hostname", "data:text/html,<p>hi</p>", "ftp://127.0.0.1/x"):
        with pytest.raises(NavigationFailed, match="outside the allowed domains"):
            await guarded.open(url)
    await guarded.open("about:blank")


def test_ip_addresses_and_localhost_match_exactly() -> None:
    assert not host_allowed("http://127.0.0.1/", ["0.0.1"])
    assert not host_allowed("http://127.0.0.1/", [".0.1"])
    assert not host_allowed("http://evil.127.0.0.1/", ["127.0.0.1"])
    assert not host_allowed("http://a.localhost/", ["localhost"])
    assert host_allowed("http://127.0.0.1:8765/x", ["127.0.0.1"])
    assert host_allowed("http://[::1]:80/", ["::1"])
    assert host_allowed("https://shop.example.com/", ["example.com"])
    assert host_allowed("https://example.com./", ["example.com"])
    assert not host_allowed("https://notexample.com/", ["example.com"])
    assert host_allowed("http://127.0.0.1/", ["http://127.0.0.1:8765"])
    for url in ("file:///etc/passwd", "data:text/html,x", "ftp://example.com/", "javascript:alert(1)",
                "chrome://settings", "view-source:http://example.com/"):
        assert not host_allowed(url, ["example.com"]), url
    assert host_allowed("about:blank", ["example.com"])
    assert host_allowed("blob:https://example.com/1234", ["example.com"])
    assert host_allowed("file:///etc/passwd", [])  # no fence: everything is allowed


def test_a_scheme_list_lets_only_its_schemes_through() -> None:
    web = ["http", "https"]
    assert scheme_allowed("https://example.com/", web) and scheme_allowed("about:blank", web)
    assert scheme_allowed("blob:https://example.com/1234", web) and scheme_allowed("file:///etc/passwd", [])
    for url in ("file:///etc/passwd", "data:text/html,x", "chrome://version", "javascript:alert(1)",
                "view-source:http://example.com/", "about:settings"):  # fmt: skip
        assert not scheme_allowed(url, web), url
    named = [*web, "file"]  # `--allow-scheme file`: a file has no host for the domain fence to check
    assert url_allowed("file:///tmp/a.html", ["127.0.0.1"], named)
    assert not url_allowed("data:text/html,x", ["127.0.0.1"], named)
    assert not url_allowed("http://127.0.0.2/", ["127.0.0.1"], named)
    assert not url_allowed("file:///tmp/a.html", ["127.0.0.1"])
