"""What the browser does on its own between actions (dialogs, downloads, tabs, crashes), as records.

The session fills a `Happenings` record from Playwright events; change observation drains it into
the next action result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Dialog, Download, Page
from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel


@dataclass
class Happenings:
    """What the browser did on its own since the last action."""

    dialogs: list[str] = field(default_factory=list)
    downloads: list[str] = field(default_factory=list)
    new_tabs: list[Page] = field(default_factory=list)
    closed_tabs: int = 0
    blocked: list[str] = field(default_factory=list)
    crashed: list[str] = field(default_factory=list)
    navigations: int = 0


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
