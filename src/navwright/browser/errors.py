"""Typed failures of the browser layer. Messages are meant for a model: they say what to do next."""

from __future__ import annotations

from navwright.browser.types import PageProblem


class BrowserError(Exception):
    """Base of every failure the browser layer reports in words."""


class StaleElement(BrowserError):
    """An element id that was on the page is gone (removed or replaced)."""

    def __init__(self, element_id: str) -> None:
        super().__init__(f"element {element_id} is gone from the page; read the page again")
        self.element_id = element_id


class UnknownElement(BrowserError):
    """An element id that was never observed on this page."""

    def __init__(self, element_id: str) -> None:
        super().__init__(f"there is no element {element_id} on this page; read the page again for valid ids")
        self.element_id = element_id


class NavigationFailed(BrowserError):
    """A URL could not be loaded (unreachable, timeout, blocked domain)."""


class BrowserUnavailable(BrowserError):
    """No Chromium could be found or launched."""


class Refused(BrowserError):
    """The page refused the action (a disabled button); `problems` says why, as facts."""

    def __init__(self, message: str, problems: list[PageProblem]) -> None:
        super().__init__(message)
        self.problems = problems


class PageNotAnswering(BrowserError):
    """The page did not answer a script call in time (busy, or stuck on a navigation that never ends)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"the page did not answer in {seconds:g} s; wait, go back or open a URL to continue"
        )
        self.seconds = seconds
