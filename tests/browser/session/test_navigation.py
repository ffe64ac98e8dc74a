"""Opening pages: unreachable, slow, crashed, blocked by allowed_domains, downloads, going back."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from browser_site import Reply, Site, element_id, run_skill
from playwright.async_api import Browser

from navwright.browser.chromium import BrowserSettings
from navwright.browser.errors import NavigationFailed
from navwright.browser.session import BrowserSession


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_unreachable_url_is_reported_in_words(session: BrowserSession) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/"
    result = await run_skill(session, "open_url", url=url)
    assert not result.ok
    assert result.error == f"could not open {url}: nothing answered at that address (connection refused)"


async def test_navigation_timeout_is_reported(site: Site, browser: Browser, tmp_path: Path) -> None:
    base = site({"/slow": Reply("<p>late</p>", delay_s=3)})
    settings = BrowserSettings(navigation_timeout_s=0.5)
    async with BrowserSession(settings, run_dir=tmp_path, browser=browser) as session:
        result = await run_skill(session, "open_url", url=base + "/slow")
    assert not result.ok and result.error == f"{base}/slow did not load within 0.5 s"


async def test_crashed_page_is_reported_and_a_new_page_can_be_opened(
    site: Site, session: BrowserSession
) -> None:
    base = site({"/": "<h1>Alive</h1><a href='/'>Home</a>"})
    await session.open(base)
    # Chromium kills the renderer when a tab navigates to chrome://crash: a real crash, no stand-in.
    crashed = await run_skill(session, "open_url", url="chrome://crash")
    assert not crashed.ok and crashed.error is not None and "crashed" in crashed.error
    assert session.is_crashed()
    reopened = await run_skill(session, "open_url", url=base)
    assert reopened.ok and reopened.title == "" and "Home" in [e.name for e in reopened.appeared]
    assert not session.is_crashed() and len(session.pages) == 1


async def test_go_back_returns_to_the_previous_page(site: Site, session: BrowserSession) -> None:
    base = site({"/": "<a href='/two'>Two</a>", "/two": "<title>Two</title><p>second</p>"})
    await session.open(base)
    await run_skill(session, "click", element=await element_id(session, "Two"))
    result = await run_skill(session, "go_back")
    assert result.ok and result.navigated and result.url == base + "/"


async def test_opening_a_missing_page_says_what_the_server_answered(
    site: Site, session: BrowserSession
) -> None:
    base = site({"/": "<p>home</p>"})
    result = await run_skill(session, "open_url", url=base + "/missing")
    assert result.ok and result.detail == f"opened {base}/missing (the server answered 404 Not Found)"


async def test_opening_a_file_url_downloads_it(site: Site, session: BrowserSession, tmp_path: Path) -> None:
    pdf = Reply(
        "%PDF-1.4", type="application/pdf", headers={"Content-Disposition": "attachment; filename=a.pdf"}
    )
    base = site({"/a.pdf": pdf})
    result = await run_skill(session, "open_url", url=base + "/a.pdf")
    assert result.ok and "(it is a file to download)" in result.detail
    assert result.download == f"a.pdf saved to {tmp_path / 'downloads' / 'a.pdf'} (8 bytes)"


async def test_download_is_saved_in_the_run_folder_and_reported(
    site: Site, session: BrowserSession, tmp_path: Path
) -> None:
    csv = Reply(
        "a,b\n1,2\n", type="text/csv", headers={"Content-Disposition": 'attachment; filename="report.csv"'}
    )
    base = site({"/": "<a href='/report.csv'>Get report</a>", "/report.csv": csv})
    await session.open(base)
    result = await run_skill(session, "click", element=await element_id(session, "Get report"))
    saved = tmp_path / "downloads" / "report.csv"
    assert result.ok and result.download == f"report.csv saved to {saved} (8 bytes)"
    assert saved.read_text() == "a,b\n1,2\n"


@pytest.fixture
async def guarded(browser: Browser, tmp_path: Path) -> AsyncIterator[BrowserSession]:
    """A session that may only visit 127.0.0.1 (so "localhost" counts as another domain)."""
    settings = BrowserSettings(allowed_domains=["127.0.0.1"])
    async with BrowserSession(settings, run_dir=tmp_path, browser=browser) as session:
        yield session


async def test_blocked_domain_is_not_opened_and_the_tab_stays(site: Site, guarded: BrowserSession) -> None:
    other = site({"/": "<p>elsewhere</p>"}).replace("127.0.0.1", "localhost")
    base = site(
        {"/": "<title>Start</title>", "/jump": Reply("", status=302, headers={"Location": other + "/"})}
    )
    await guarded.open(base)
    result = await run_skill(guarded, "open_url", url=f"{other}/")
    assert not result.ok
    assert result.error == f"{other}/ is outside the allowed domains (127.0.0.1); it was not opened"
    assert result.url == base + "/" and result.title == "Start"
    redirected = await run_skill(guarded, "open_url", url=f"{base}/jump")
    assert redirected.error == (
        f"{base}/jump redirects to {other}/, which is outside the allowed domains (127.0.0.1); "
        "it was not opened"
    )


async def test_links_redirects_and_new_tabs_to_other_domains_are_blocked(
    site: Site, guarded: BrowserSession
) -> None:
    other = site({"/": "<p>elsewhere</p>"}).replace("127.0.0.1", "localhost")
    base = site(
        {
            "/": f"""<a href="{other}/">Away</a> <a href="/jump">Jump</a>
                 <a href="{other}/" target=_blank>Away in a tab</a>""",
            "/jump": Reply("", status=302, headers={"Location": other + "/"}),
        }
    )
    await guarded.open(base)
    for name in ("Away", "Jump", "Away in a tab"):
        result = await run_skill(guarded, "click", element=await element_id(guarded, name))
        assert (
            f"Navigation to {other}/ was blocked (localhost is not an allowed domain: 127.0.0.1)"
            in result.detail
        )
        if result.new_tab:
            await run_skill(guarded, "close_tab")
        assert guarded.page.url == base + "/"


async def test_blocked_domain_check_is_not_fooled_by_lookalike_hosts() -> None:
    from navwright.browser.netpolicy import host_allowed

    assert host_allowed("https://shop.example.com/x", ["example.com"])
    assert not host_allowed("https://example.com.evil.net/", ["example.com"])
    assert not host_allowed("https://badexample.com/", ["example.com"])
    assert host_allowed("about:blank", ["example.com"])


async def test_open_raises_navigation_failed_for_bad_urls(session: BrowserSession) -> None:
    with pytest.raises(NavigationFailed, match="could not open"):
        await session.open("http://127.0.0.1:1/")


async def test_the_page_a_form_redirects_to_is_fetched_once(guarded: BrowserSession) -> None:
    # a flash message ("Message sent") is shown by the first GET after the POST only: a second fetch of
    # the redirect's target by the domain guard ate it before the page was shown
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status: int, body: str, headers: dict[str, str]) -> None:
            data = body.encode()
            self.send_response(status)
            for k, v in {"Content-Type": "text/html", "Content-Length": str(len(data)), **headers}.items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            hits.append(f"GET {self.path}")
            if self.path == "/":
                self._send(200, '<form method=post action=/send><button>Send</button></form>', {})
            else:
                flash = "<p role=status>Message sent</p>" if hits.count("GET /inbox") == 1 else ""
                self._send(200, f"<title>Inbox</title>{flash}<p>Inbox</p>", {})

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            hits.append(f"POST {self.path}")
            self._send(303, "", {"Location": "/inbox"})

        def log_message(self, format: str, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        await guarded.open(f"http://127.0.0.1:{server.server_address[1]}/")
        result = await run_skill(guarded, "click", element=await element_id(guarded, "Send"))
        assert hits == ["GET /", "POST /send", "GET /inbox"]
        assert result.navigated and any(p.text == "Message sent" for p in result.problems), result
        assert guarded.page.url.endswith("/inbox")  # at its own address: a reload does not post again
        await guarded.page.reload()
        assert hits[-1] == "GET /inbox"
    finally:
        server.shutdown()
        server.server_close()
