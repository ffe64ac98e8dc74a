"""The named distillation passes. Each takes lines and returns lines; `passes_for` picks them per mode."""

from __future__ import annotations

from collections.abc import Callable

from navwright.browser.distill.compact import Reach, is_long, select_in_reach, with_notes
from navwright.browser.distill.lines import Line
from navwright.browser.types import ObserveMode

Pass = Callable[[list[Line]], list[Line]]
MAX_RUN = 8
"""Most links collapsed onto one line."""
LONG_RUN = 12
"""Most links on one line of a long page."""
SHORT_TEXT = 40
"""Text lines up to this long are parts of a record (a card's brand, price, stock; a flight's times)."""
RECORD_CHARS = 160
"""Longest line a run of short text lines is joined into."""
RECORD_SEP = " · "
REACH_SCREENS = 6
"""On a long page elements are shown down to this many screens below the viewport."""


def join_inline(lines: list[Line]) -> list[Line]:
    """For reading: put inline links back into their sentence as plain words, drop other elements."""
    out: list[Line] = []
    for ln in lines:
        text = ln.elements[0].name if ln.is_element else ln.text
        if ln.joins and out and text:
            out[-1].text = f"{out[-1].text} {text}"
        elif not ln.is_element:
            out.append(Line(ln.depth, ln.group, ln.y, ln.text, header=ln.header))
        elif ln.joins and text:
            out.append(Line(ln.depth, ln.group, ln.y, text))
    return out


def keep_mode(lines: list[Line], mode: ObserveMode) -> list[Line]:
    """`text`: text lines (inline links joined in); `fields`: elements and frame/dialog headers only;
    `all`: everything."""
    if mode == "text":
        return join_inline(lines)
    if mode == "fields":
        return [ln for ln in lines if ln.is_element or ln.header]
    return lines


def drop_duplicate_text(lines: list[Line]) -> list[Line]:
    """Drop a text line that repeats the line before it or the name of a neighbouring element."""
    out: list[Line] = []
    for i, ln in enumerate(lines):
        if not ln.is_element and not ln.header:
            text = ln.text.lstrip("# ")
            prev = out[-1] if out else None
            nxt = lines[i + 1] if i + 1 < len(lines) else None
            if prev is not None and not prev.is_element and prev.text == ln.text:
                continue
            if any(n is not None and n.is_element and n.elements[-1].name == text for n in (prev, nxt)):
                continue
        out.append(ln)
    return out


def join_records(lines: list[Line]) -> list[Line]:
    """Put the short text lines of one record (a card, a list item: see the page script's `sameRecord`)
    on one line, "a · b · c": a product card's rating, price and stock, or a flight's number, times and
    fare, read together instead of as six lines (fewer tokens; the facts of one item stay together).
    Headings, table rows, frame and dialog headers, text that continues an inline link, and long lines
    are never joined."""
    out: list[Line] = []
    for ln in lines:
        prev = out[-1] if out else None
        if (prev is not None and ln.record and _short_text(ln) and _short_text(prev, joined=True)
                and len(prev.text) + len(ln.text) + len(RECORD_SEP) <= RECORD_CHARS):
            prev.text = f"{prev.text}{RECORD_SEP}{ln.text}"
            continue
        out.append(Line(ln.depth, ln.group, ln.y, ln.text, list(ln.elements), ln.header, ln.joins, ln.short,
                        ln.record))
    return out


def _short_text(ln: Line, joined: bool = False) -> bool:
    """A short plain text line; `joined`: the line may already hold a joined record."""
    if ln.is_element or ln.header or ln.joins or ln.text.startswith("#") or " | " in ln.text:
        return False
    return (joined and RECORD_SEP in ln.text) or len(ln.text) <= SHORT_TEXT


def collapse_link_runs(lines: list[Line], max_run: int = MAX_RUN) -> list[Line]:
    """Put consecutive links of one container (same group and depth) on one line, up to `max_run`."""
    out: list[Line] = []
    for ln in lines:
        prev = out[-1] if out else None
        if (
            prev is not None
            and _is_link(ln)
            and _is_link(prev)
            and prev.group == ln.group
            and prev.depth == ln.depth
            and len(prev.elements) < max_run
        ):
            prev.elements = [*prev.elements, *ln.elements]
            continue
        out.append(Line(ln.depth, ln.group, ln.y, ln.text, list(ln.elements), ln.header, short=ln.short))
    return out


def apply_budget(lines: list[Line], budget: int, cost: Callable[[Line], int]) -> tuple[list[Line], int]:
    """Keep lines in order while their cost fits `budget`; return them and how many elements were cut."""
    spent = 0
    for i, ln in enumerate(lines):
        spent += cost(ln)
        if spent > budget:
            cut = sum(len(rest.elements) for rest in lines[i:])
            return lines[:i], cut
    return lines, 0


def passes_for(mode: ObserveMode, far: float | None, vh: float = 800.0) -> list[Pass]:
    """The passes of a mode, in order. `far`: summarise beyond this distance (None keeps all text);
    `vh`: the viewport height. In `all` mode a long page (content beyond `far`) is compacted instead."""
    chosen: list[Pass] = [lambda ls: keep_mode(ls, mode), drop_duplicate_text]
    if mode != "fields":
        chosen.append(join_records)
    if mode == "all" and far is not None:
        chosen.append(lambda ls: _all_mode(ls, far, vh))
    elif mode != "text":
        chosen.append(collapse_link_runs)
    return chosen


def _all_mode(lines: list[Line], far: float, vh: float) -> list[Line]:
    """A page within `far` keeps everything; a long page spends its characters on elements."""
    if not is_long(lines, far):
        return collapse_link_runs(lines)
    reach = Reach(vh=vh, top=-vh, bottom=vh + REACH_SCREENS * vh)
    kept, left = select_in_reach(lines, reach)
    return with_notes(collapse_link_runs(kept, LONG_RUN), left, reach)


def _is_link(ln: Line) -> bool:
    return ln.is_element and all(e.role == "link" for e in ln.elements)
