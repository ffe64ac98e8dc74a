"""A page that navigates while it is read (a script's redirect as it loads) is read again, not a crash
of the run ("Execution context was destroyed", seen on pretix's shop page)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError

from navwright.browser.observe import _evaluate


class NavigatingPage:
    """A tab whose first `destroyed` reads meet a navigation."""

    def __init__(self, destroyed: int) -> None:
        self.destroyed = destroyed
        self.waits = 0

    async def evaluate(self, script: str, opts: Any = None) -> str:
        if self.destroyed:
            self.destroyed -= 1
            raise PlaywrightError("Execution context was destroyed, most likely because of a navigation")
        return '{"items": []}'

    async def wait_for_load_state(self, state: str, timeout: float) -> None:
        self.waits += 1


async def test_a_page_that_navigates_while_it_is_read_is_read_again_after_it_loads() -> None:
    page = NavigatingPage(destroyed=2)
    assert await _evaluate(page, {}) == '{"items": []}'  # type: ignore[arg-type]
    assert page.waits == 2


async def test_a_page_that_never_stops_navigating_still_fails_in_words() -> None:
    with pytest.raises(PlaywrightError, match="context was destroyed"):
        await _evaluate(NavigatingPage(destroyed=99), {})  # type: ignore[arg-type]
