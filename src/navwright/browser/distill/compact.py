"""`all` mode on a long page: spend the characters on elements, not on text.

A page whose content all lies within `far` px of the viewport keeps everything (small pages render
as they always did). On a longer page `select_in_reach` keeps interactive elements from one screen
above to several screens below the viewport (`Reach`), information text only in the viewport (each
line cut to `TEXT_CUT`), headings and frame/dialog headers down to `HEADING_SCREENS`; the elements
are rendered with short names (`Line.short`); outside the viewport, where their row's text is not
shown, elements named like many others of the page (a row's "edit" and "delete") are left out: they
would name no row. `with_notes` then counts what was left out on explicit
lines: "N more elements above", "N more elements below" and how many text lines were not shown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from navwright.browser.distill.lines import Line
from navwright.browser.types import ElementInfo

TEXT_CUT = 120
"""Longest text line kept in the viewport of a long page (longer ones end with "…")."""
HEADING_CUT = 70
"""Longest heading kept on a long page."""
HEADING_SCREENS = 3
"""Headings are kept down to this many viewport heights from the top of the viewport."""
ABOVE_TEXT_PX = 100
"""Text that starts this far above the viewport still counts as in view (a paragraph cut by the edge)."""
REPEATED = 3
"""Elements named like this many others of the page ("edit", "delete", "Add to cart" on every row)."""


@dataclass
class Reach:
    """Where a long page is shown: elements from `top` to `bottom` (px from the viewport's top edge),
    text within the viewport height `vh`."""

    vh: float
    top: float
    bottom: float


@dataclass
class Left:
    """What a long page leaves out: elements above and below what is shown, and text lines."""

    above: int = 0
    below: int = 0
    text: int = 0


def is_long(lines: list[Line], far: float) -> bool:
    """True when something lies more than `far` px above or below the viewport."""
    return any(abs(ln.y) > far for ln in lines)


def repeated_names(lines: list[Line]) -> set[str]:
    """The element names that `REPEATED` or more elements of the page share."""
    counts = Counter(_name(e) for ln in lines for e in ln.elements)
    return {name for name, count in counts.items() if count >= REPEATED}


def _anonymous(ln: Line, repeated: set[str]) -> bool:
    """An element line with no text of its own whose every element is named like many others: a row's
    "edit" or "delete" says which row only beside the row's text."""
    return not ln.text.strip() and all(_name(e) in repeated for e in ln.elements)


def _name(element: ElementInfo) -> str:
    return " ".join(element.name.split()).lower()


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _is_heading(ln: Line) -> bool:
    return not ln.is_element and ln.text.startswith("#")


def select_in_reach(lines: list[Line], reach: Reach) -> tuple[list[Line], Left]:
    """Elements and headings within `reach`, text in the viewport (cut short); counts of the rest.
    Outside the viewport, where the text around them is not shown, elements named like many others
    (`REPEATED`) are counted, not shown."""
    out: list[Line] = []
    left = Left()
    repeated = repeated_names(lines)
    for ln in lines:
        if ln.is_element:
            if ln.y < reach.top or (ln.y < -ABOVE_TEXT_PX and _anonymous(ln, repeated)):
                left.above += len(ln.elements)
            elif ln.y > reach.bottom or (ln.y >= reach.vh and _anonymous(ln, repeated)):
                left.below += len(ln.elements)
            else:
                out.append(_compact(ln))
        elif ln.header or _is_heading(ln):
            if reach.top <= ln.y <= reach.vh * HEADING_SCREENS:
                out.append(_replace_text(ln, _cut(ln.text, HEADING_CUT)))
            else:
                left.text += 1
        elif -ABOVE_TEXT_PX <= ln.y < reach.vh:
            out.append(_replace_text(ln, _cut(ln.text, TEXT_CUT)))
        else:
            left.text += 1
    return out, left


def with_notes(lines: list[Line], left: Left, reach: Reach) -> list[Line]:
    """Say on explicit lines how many elements are above and below, and how much text is not shown."""
    out = list(lines)
    if left.above:
        note = f"({left.above} more elements above; scroll up to see them)"
        out.insert(0, Line(0, 0, reach.top, note, header=True, left_out=left.above))
    if left.below or left.text:
        parts = [f"{left.below} more elements below"] if left.below else []
        if left.text:
            parts.append(f"{left.text} text lines not shown")
        note = f"({', '.join(parts)}: scroll to see them)"
        out.append(Line(0, 0, reach.bottom, note, header=True, left_out=left.below + left.text))
    return out


def _replace_text(ln: Line, text: str) -> Line:
    return Line(ln.depth, ln.group, ln.y, text, header=ln.header, joins=ln.joins, short=True)


def _compact(ln: Line) -> Line:
    return Line(ln.depth, ln.group, ln.y, ln.text, list(ln.elements), ln.header, ln.joins, short=True)
