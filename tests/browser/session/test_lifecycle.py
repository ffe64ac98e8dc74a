"""Finding Chromium, launching it, and closing everything the session opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from navwright.browser import chromium
from navwright.browser.chromium import BrowserSettings, find_chromium
from navwright.browser.errors import BrowserUnavailable
from navwright.browser.session import BrowserSession


def test_setting_wins_over_the_environment(tmp_path: Path) -> None:
    fake = tmp_path / "chrome"
    fake.write_text("")
    other = tmp_path / "other"
    other.write_text("")
    found = find_chromium(BrowserSettings(executable_path=str(fake)), env={chromium.ENV_VAR: str(other)})
    assert found == str(fake)
    assert find_chromium(BrowserSettings(), env={chromium.ENV_VAR: str(other)}) == str(other)


def test_configured_chromium_that_does_not_exist_is_an_error() -> None:
    with pytest.raises(BrowserUnavailable, match="does not exist"):
        find_chromium(BrowserSettings(executable_path="/nowhere/chromium"), env={})


def test_system_chromium_then_playwright_build_then_install_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert find_chromium(BrowserSettings(), env={}) in chromium.SYSTEM_BROWSERS
    monkeypatch.setattr(chromium, "SYSTEM_BROWSERS", ())
    (tmp_path / "chromium-1140").mkdir()
    assert find_chromium(BrowserSettings(), env={"PLAYWRIGHT_BROWSERS_PATH": str(tmp_path)}) is None
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(BrowserUnavailable, match="apt-get install chromium"):
        find_chromium(BrowserSettings(), env={"PLAYWRIGHT_BROWSERS_PATH": str(empty)})


async def test_session_launches_and_closes_everything_even_on_error(tmp_path: Path) -> None:
    session = BrowserSession(BrowserSettings(), run_dir=tmp_path)
    with pytest.raises(RuntimeError):
        async with session:
            browser = session.browser
            assert browser is not None and browser.is_connected()
            await session.page.set_content("<p>hi</p>")
            raise RuntimeError("boom")
    assert not browser.is_connected()
    assert session.browser is None
    with pytest.raises(BrowserUnavailable):
        session.page  # noqa: B018


async def test_a_chromium_that_fails_to_start_is_reported_in_words(tmp_path: Path) -> None:
    broken = tmp_path / "chromium"
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)
    with pytest.raises(BrowserUnavailable, match="failed to start"):
        async with BrowserSession(BrowserSettings(executable_path=str(broken)), run_dir=tmp_path):
            pass
