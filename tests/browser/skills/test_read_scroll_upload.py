"""read_page, wait_for, scroll and upload_file."""

from __future__ import annotations

from pathlib import Path

from browser_site import Site, element_id, run_skill

from navwright.browser.session import BrowserSession

LONG = """
<h1>Top</h1><div style="height:3000px">filler</div><p>Bottom line</p>
<div id=box aria-label=Messages style="height:100px;overflow:auto"><div style="height:1000px">msgs</div>
<button>In box</button></div>
"""

LATE = """
<button onclick="setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Report ready</p>'),
  1500)">
Make report</button>
"""

UPLOAD = """
<label for=cv>CV</label>
<input type=file id=cv onchange="document.getElementById('out').textContent = this.files[0].name">
<p id=out></p>
"""


async def test_read_page_returns_the_observation_text(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": LONG}))
    result = await run_skill(session, "read_page", mode="text")
    assert result.ok and result.text is not None and "Top" in result.text


async def test_scroll_moves_the_page_and_says_where_it_is(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": LONG}))
    down = await run_skill(session, "scroll", direction="down", pages=2)
    assert down.ok and "scrolled the page down by 2 screen(s)" in down.detail
    assert await session.page.evaluate("scrollY") > 1000
    up = await run_skill(session, "scroll", direction="up", pages=10)
    assert "now 0% of the way down" in up.detail
    again = await run_skill(session, "scroll", direction="up")
    assert "could not scroll further up" in again.detail


async def test_scroll_inside_an_element(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": LONG}))
    await session.page.evaluate("document.getElementById('box').scrollIntoView()")
    inside = await element_id(session, "In box")
    result = await run_skill(session, "scroll", element=inside, direction="down")
    assert result.ok and f"element {inside}" in result.detail
    assert await session.page.evaluate("document.getElementById('box').scrollTop") > 0


async def test_wait_for_text_that_appears_later(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": LATE}))
    await run_skill(session, "click", element=await element_id(session, "Make report"))
    result = await run_skill(session, "wait_for", text="Report ready", seconds=5)
    assert result.ok and "'Report ready' is visible" in result.detail


async def test_wait_for_is_bounded_and_reports_failure(site: Site, session: BrowserSession) -> None:
    await session.open(site({"/": LATE}))
    result = await run_skill(session, "wait_for", text="Never shown", seconds=0.5)
    assert not result.ok and result.error is not None


async def test_upload_from_an_allowed_folder(site: Site, session: BrowserSession, tmp_path: Path) -> None:
    folder = tmp_path / "uploads"
    folder.mkdir()
    (folder / "cv.pdf").write_bytes(b"%PDF-1.4 test")
    await session.open(site({"/": UPLOAD}))
    result = await run_skill(
        session, "upload_file", upload_dirs=[folder], element=await element_id(session, "CV"), path="cv.pdf"
    )
    assert result.ok, result.error
    assert await session.page.locator("#out").text_content() == "cv.pdf"


async def test_upload_outside_the_allowed_folders_is_refused(
    site: Site, session: BrowserSession, tmp_path: Path
) -> None:
    folder = tmp_path / "uploads"
    folder.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("x")
    await session.open(site({"/": UPLOAD}))
    cv = await element_id(session, "CV")
    for path in (str(secret), "../secret.txt"):
        result = await run_skill(session, "upload_file", upload_dirs=[folder], element=cv, path=path)
        assert not result.ok and result.error is not None and "allowed upload folders" in result.error
    assert await session.page.locator("#out").text_content() == ""
