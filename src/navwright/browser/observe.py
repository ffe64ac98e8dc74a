"""Observe a page: one page-script call per document, distillation passes, then the token budget."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, FrameLocator, Page

from navwright.browser.distill import Line, RawPage, passes_for, to_lines
from navwright.browser.distill.lines import RawFrame, RawItem
from navwright.browser.distill.passes import apply_budget
from navwright.browser.errors import PageNotAnswering
from navwright.browser.render import estimate_tokens, line_text, render_lines, text_lines
from navwright.browser.types import Observation, ObserveMode

MARGIN_PX = 1000
"""In `all` mode a page with content more than this many pixels beyond the viewport is long: it keeps
elements over several screens and little text, and counts the rest (distill/compact.py)."""
FRAME_TIMEOUT_MS = 1500
OBSERVE_TIMEOUT_S = 10.0
"""How long the page may take to answer an observation before it is said not to answer."""
EMPTY_RETRIES = 3
EMPTY_WAIT_S = 0.5
"""A page that shows nothing is read again up to EMPTY_RETRIES times, EMPTY_WAIT_S after it loaded:
a shop's page that a script draws, or that redirects as it loads, is read once it shows something."""
RETRY_AFTER_STOP_S = 2.0
NAVIGATED_RETRIES = 3
"""Reads of a page that navigated while it was read, before the error is raised."""
NAVIGATED_WAIT_MS = 5000
MAX_FRAME_DEPTH = 3
CUT_NOTE = "more elements below — scroll down or read again with a larger budget"


@cache
def page_script() -> str:
    """The injected script's source (read once per process; it installs itself once per document)."""
    return resources.files("navwright.browser").joinpath("page_script.js").read_text("utf-8")


@cache
def quick_call() -> str:
    """Observation through the copy the init script installed at document start (see `install_script`),
    for the page script's own version (a call naming another version found no copy, and every
    observation sent and compiled the whole script)."""
    version = re.search(r"return \{ v: (\d+), observe", page_script())
    if version is None:
        raise RuntimeError("navwright's page_script.js returns no version: the package is damaged")
    return f"(o) => window.__nw && window.__nw.v === {version.group(1)} ? window.__nw.observe(o) : null"


def listeners_script() -> str:
    """An init script that marks the elements scripts give click listeners of their own (listeners.js)."""
    return resources.files("navwright.browser").joinpath("listeners.js").read_text(encoding="utf-8")


def install_script() -> str:
    """An init script that installs the page script in every new document (and frame) as it starts, so
    an observation sends a one-line call instead of the whole script and skips compiling it (measured
    under load on 20 saved pages: first observation 49 -> 36 ms median)."""
    return f"({page_script()})({{install: true}})"


async def _evaluate(page: Page, opts: dict[str, object]) -> str:
    """The page script's JSON: through the installed copy when there is one, else the whole script. A
    page that navigates while it is read (a script's redirect as it loads) is read again once the new
    document has loaded, up to NAVIGATED_RETRIES times."""
    for _ in range(NAVIGATED_RETRIES):
        try:
            return await _evaluate_once(page, opts)
        except PlaywrightError as e:
            if "context was destroyed" not in str(e) and "navigat" not in str(e):
                raise
            with contextlib.suppress(PlaywrightError):
                await page.wait_for_load_state("domcontentloaded", timeout=NAVIGATED_WAIT_MS)
    return await _evaluate_once(page, opts)


async def _evaluate_once(page: Page, opts: dict[str, object]) -> str:
    out = await page.evaluate(quick_call(), opts)
    if out is None:
        out = await page.evaluate(page_script(), opts)
    return str(out)


async def _bounded_evaluate(page: Page, opts: dict[str, object], timeout_s: float) -> str:
    """`_evaluate` within `timeout_s`. A tab stuck on a navigation whose server never answers does not
    answer scripts: its loading is stopped (the tab stays on its page) and it is asked once more."""
    try:
        return await asyncio.wait_for(_evaluate(page, opts), timeout_s)
    except TimeoutError:
        await stop_loading(page)
    try:
        return await asyncio.wait_for(_evaluate(page, opts), RETRY_AFTER_STOP_S)
    except TimeoutError:
        raise PageNotAnswering(timeout_s) from None


async def _quietly_loaded(page: Page) -> None:
    """Wait until the tab's document loaded, then EMPTY_WAIT_S more for its scripts to draw it."""
    with contextlib.suppress(PlaywrightError):
        await page.wait_for_load_state("load", timeout=EMPTY_WAIT_S * 4000)
    await asyncio.sleep(EMPTY_WAIT_S)


async def stop_loading(page: Page) -> None:
    """Stop the tab's pending navigation (Chromium's stop button), quietly and within 2 s."""
    try:
        cdp = await asyncio.wait_for(page.context.new_cdp_session(page), 2.0)
        try:
            await asyncio.wait_for(cdp.send("Page.stopLoading"), 2.0)
        finally:
            await asyncio.wait_for(cdp.detach(), 2.0)
    except (PlaywrightError, TimeoutError):
        return


@dataclass
class Look:
    """One observation of a tab before any token budget: its distilled lines, the observation they
    render to in full, and the token of the document it was taken in (None where the page has no
    settle tracker). The same token means the same document, so element ids still refer to it."""

    full: Observation
    lines: list[Line]
    doc: str | None = None

    def within(self, budget_tokens: int | None) -> Observation:
        """The observation cut to `budget_tokens`, deterministically; it says how many elements were
        left out. The full observation when there is no budget or everything fits."""
        if budget_tokens is None:
            return self.full
        lines, cut = apply_budget(self.lines, budget_tokens, lambda ln: estimate_tokens(line_text(ln)) + 1)
        if not cut:
            return self.full
        text = f"{render_lines(lines)}\n{cut} {CUT_NOTE}"
        return self.full.model_copy(update={
            "text": text, "elements": [e for ln in lines for e in ln.elements], "truncated": cut,
            "text_lines": [*text_lines(lines), f"{cut} {CUT_NOTE}"],
        })


async def look(
    page: Page, mode: ObserveMode = "all", *, summarise: bool = True, timeout_s: float = OBSERVE_TIMEOUT_S
) -> Look:
    """Distil the page into lines and elements. One round trip, plus one per cross-origin frame.

    `summarise=False` keeps everything of a long page in `all` mode (no compaction, no counts).
    Raises PageNotAnswering when the page does not answer within `timeout_s`.
    """
    t0 = time.perf_counter()
    raw = RawPage.model_validate_json(await _bounded_evaluate(page, {"margin": MARGIN_PX}, timeout_s))
    for _ in range(EMPTY_RETRIES):  # a page that shows nothing yet (its script still draws it, a redirect)
        if raw.items or raw.frames:
            break
        await _quietly_loaded(page)
        raw = RawPage.model_validate_json(await _bounded_evaluate(page, {"margin": MARGIN_PX}, timeout_s))
    if raw.frames:
        raw.items = await _splice_frames(page, raw.items, raw.frames, "", 1)
    lines = to_lines(raw.items)
    for step in passes_for(mode, raw.far if summarise else None, raw.vh):
        lines = step(lines)
    full = Observation(
        url=raw.url,
        title=raw.title,
        mode=mode,
        text=render_lines(lines),
        elements=[e for ln in lines for e in ln.elements],
        text_lines=text_lines(lines),
        left_out=sum(ln.left_out for ln in lines),
        tabs=len(page.context.pages),
        ms_in_page=round(raw.ms, 2),
        ms_total=round((time.perf_counter() - t0) * 1000, 2),
    )
    return Look(full=full, lines=lines, doc=raw.doc)


async def observe(
    page: Page,
    mode: ObserveMode = "all",
    *,
    budget_tokens: int | None = None,
    summarise: bool = True,
    timeout_s: float = OBSERVE_TIMEOUT_S,
) -> Observation:
    """`look` at the page and cut what it saw to `budget_tokens` (None: everything)."""
    return (await look(page, mode, summarise=summarise, timeout_s=timeout_s)).within(budget_tokens)


def frame_locator_chain(page: Page, key: str) -> FrameLocator:
    """A FrameLocator for a frame key such as "7" or "7/7.3" (iframe ids from the outside in)."""
    loc = page.frame_locator(f'[data-nw="{key.split("/")[0]}"]')
    for part in key.split("/")[1:]:
        loc = loc.frame_locator(f'[data-nw="{part}"]')
    return loc


async def _read_frame(page: Page, frame: RawFrame, level: int) -> list[RawItem]:
    """Observe one cross-origin frame through Playwright; its items are indented under the frame line."""
    if level > MAX_FRAME_DEPTH:
        return []
    opts = {"prefix": frame.id + ".", "frame": frame.key, "dy": frame.y, "margin": MARGIN_PX}
    root = frame_locator_chain(page, frame.key).locator(":root")
    try:
        raw = RawPage.model_validate_json(await root.evaluate(page_script(), opts, timeout=FRAME_TIMEOUT_MS))
    except PlaywrightError:
        return [RawItem(t="(this frame could not be read)", d=frame.d, y=frame.y)]
    items = raw.items
    if raw.frames:
        items = await _splice_frames(page, items, raw.frames, frame.key, level + 1)
    for item in items:
        item.d += frame.d
    return items


async def _splice_frames(
    page: Page, items: list[RawItem], frames: list[RawFrame], parent: str, level: int
) -> list[RawItem]:
    if not _has_live_child_frames(page):
        return items
    read = await asyncio.gather(*(_read_frame(page, f, level) for f in frames))
    out: list[RawItem] = []
    at = 0
    for frame, sub in zip(frames, read, strict=True):
        out.extend(items[at : frame.at])
        out.extend(sub)
        at = frame.at
    out.extend(items[at:])
    return out


def _has_live_child_frames(page: Page) -> bool:
    """False when every child frame is blank or an error page (blocked), so there is nothing to read."""
    return any(not _dead(f) for f in page.main_frame.child_frames)


def _dead(frame: Frame) -> bool:
    return frame.url.startswith("chrome-error:") or frame.url in ("", "about:blank")


__all__ = ["Line", "Look", "install_script", "listeners_script", "look", "observe", "page_script"]
