"""What the browser does on its own between actions (dialogs, downloads, tabs, crashes), as records.

The session fills a `Happenings` record from Playwright events; change observation drains it into
the next action result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from playwright.async_api import Dialog, Download, Page
from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel

DIALOG_LIMIT = 10
DIALOG_WINDOW_S = 5
"""A page that opens DIALOG_LIMIT dialogs within DIALOG_WINDOW_S seconds gets no more (dialogs.js)."""
STOP_MARK = "\u2063navwright: stop this script"
"""The message of the alert dialogs.js opens when a blocked page keeps calling dialogs in a loop."""
DIALOG_LINES = 3
"""Dialogs described one by one in an action's result; the rest are counted."""


@cache
def dialogs_script() -> str:
    """The in-page dialog limit, to be added with `BrowserContext.add_init_script`."""
    source = resources.files("navwright.browser").joinpath("dialogs.js").read_text(encoding="utf-8")
    values = {"__LIMIT__": str(DIALOG_LIMIT), "__WINDOW_MS__": str(DIALOG_WINDOW_S * 1000),
              "__MARK__": json.dumps(STOP_MARK)}
    for key, value in values.items():
        source = source.replace(key, value)
    return source


@dataclass
class Happenings:
    """What the browser did on its own since the last action."""

    dialogs: list[str] = field(default_factory=list)
    """The first DIALOG_LINES dialogs, in words."""
    dialog_count: int = 0
    dialog_kind: str = ""
    scripts_stopped: int = 0
    """Times the page's script was stopped for calling dialogs in a loop after they were blocked."""
    downloads: list[str] = field(default_factory=list)
    new_tabs: list[Page] = field(default_factory=list)
    closed_tabs: int = 0
    blocked: list[str] = field(default_factory=list)
    crashed: list[str] = field(default_factory=list)
    navigations: int = 0

    def add_dialog(self, kind: str, words: str) -> None:
        self.dialog_count += 1
        self.dialog_kind = "leave-page" if kind == "beforeunload" else kind
        if len(self.dialogs) < DIALOG_LINES and words not in self.dialogs:
            self.dialogs.append(words)

    def dialog_words(self) -> str | None:
        """The dialogs since the last action, each different one in words; a page that keeps opening
        them is said to, in one line."""
        words = list(self.dialogs)
        more = self.dialog_count - len(self.dialogs)
        if self.dialog_count >= DIALOG_LIMIT:
            words.append(f"the page keeps opening {self.dialog_kind} dialogs ({self.dialog_count} since the "
                         f"last action, each answered); after {DIALOG_LIMIT} in {DIALOG_WINDOW_S} s its "
                         "further dialogs are blocked")
        elif more > 0:
            words.append(f"{more} more like it")
        if self.scripts_stopped:
            words.append("the page kept calling dialogs in a loop after they were blocked, so its script was "
                         "stopped")
        return "; ".join(words) or None


class TabInfo(BaseModel):
    index: int
    url: str
    title: str
    current: bool


@dataclass
class DialogPolicy:
    """How the next JS dialog is answered (set by the handle_dialog action; default: dismiss)."""

    accept: bool
    text: str | None = None


async def answer_dialog(dialog: Dialog, policy: DialogPolicy | None) -> str:
    """Answer a dialog at once (so it never blocks the page) and say what it was and what was done."""
    kind = {"beforeunload": "the page asked to confirm leaving", "alert": "an alert dialog"}.get(
        dialog.type, f"a {dialog.type} dialog"
    )
    try:
        if policy is not None and policy.accept:
            await dialog.accept(policy.text if policy.text is not None else dialog.default_value)
            how = "accepted" + (f" with text {policy.text!r}" if policy.text is not None else "")
        else:
            await dialog.dismiss()
            how = "dismissed"
    except PlaywrightError:
        how = "closed"
    said = f' said "{dialog.message}"' if dialog.message else ""
    return f"{kind}{said}; it was {how}"


async def save_download(download: Download, folder: Path) -> str:
    """Save a download under `folder` (never overwriting) and say where, or why it failed."""
    folder.mkdir(parents=True, exist_ok=True)
    target = free_path(folder / (Path(download.suggested_filename).name or "download"))
    try:
        await download.save_as(target)
    except PlaywrightError as e:
        return f"{download.suggested_filename} failed: {str(e).splitlines()[0]}"
    return f"{target.name} saved to {target} ({target.stat().st_size} bytes)"


def free_path(path: Path) -> Path:
    n = 1
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate
