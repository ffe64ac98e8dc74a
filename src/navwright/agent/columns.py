"""A table row read with its column headers.

The page script renders a table row as one line, "2024-02-04 | Anna | Electricity | Everyone | 72.15",
and its header row the same way, "When? | Who paid? | For what? | For whom? | How much? | Actions".
A row quoted alone says which cell is the amount only to a reader who guesses; with its headers it says
"When: 2024-02-04 | Who paid: Anna | … | How much: 72.15". `Seen` (agent/grounding.py) keeps, for each
row line, the header row last seen above it on its page; the verdict's check call reads the row
labelled (agent/judge/model_check.py).
"""

from __future__ import annotations

import re

SEP = " | "
HEADER_WORDS = 4
"""Most words of a header cell ("Confirmation date", "For whom?")."""
_DIGIT = re.compile(r"\d")
_LABELLED = re.compile(r"\w:\s")
"""A cell that labels itself ("Owned by: Bence Kovacs"): a property list, not a header row."""


def cells(line: str) -> list[str]:
    """The cells of a table row line; [] for a line that is no table row."""
    if SEP not in line:
        return []
    return [c.strip() for c in line.strip().split(SEP)]


def header_cells(line: str) -> tuple[str, ...] | None:
    """The cells of a header row: two or more short cells with no digit, none labelling itself."""
    found = cells(line)
    if len(found) < 2 or not all(found):
        return None
    if any(_DIGIT.search(c) or _LABELLED.search(c) or len(c.split()) > HEADER_WORDS for c in found):
        return None
    return tuple(found)


def fits(row: list[str], header: tuple[str, ...]) -> bool:
    """A header fits a row with as many cells, or with one more at its end (a column of controls,
    "Actions", whose cells are buttons, not text)."""
    return len(row) >= 2 and len(header) in (len(row), len(row) + 1)


def header_above(line: str, header: tuple[str, ...]) -> tuple[tuple[str, ...], bool]:
    """Reading a page's lines in order: the header row above the next line, and whether `line` is a
    row under `header`. A heading ends a table; a header-like line with as many cells as the current
    header is one of its rows (a row of names: "Chitra Nair | new | enhancement"), one with another
    number starts a table."""
    if line.startswith("#"):
        return (), False
    row, own = cells(line), header_cells(line)
    if header and fits(row, header) and (own is None or len(own) == len(header)):
        return header, True
    return own or header, False


def table_rows(lines: list[str]) -> dict[int, tuple[str, ...]]:
    """The table rows among a page's `lines` (by index) and their header rows. A header counts only when
    a row under it holds a digit: a table of names and words alone ("Chitra Nair | new | enhancement")
    cannot tell its header row from its first row."""
    rows: dict[int, tuple[str, ...]] = {}
    header: tuple[str, ...] = ()
    for i, line in enumerate(lines):
        header, is_row = header_above(line, header)
        if is_row:
            rows[i] = header
    confirmed = {header for i, header in rows.items() if _DIGIT.search(lines[i])}
    return {i: header for i, header in rows.items() if header in confirmed}


def labelled(line: str, header: tuple[str, ...]) -> str:
    """The row with each cell after its header ("How much: 72.15"); the line as it is when the header
    does not fit it."""
    row = cells(line)
    if not header or not fits(row, header):
        return line
    return SEP.join(f"{column_name(name)}: {cell}" for name, cell in zip(header, row, strict=False))


def column_name(header: str) -> str:
    """A header cell as a name: "Who paid?" -> "Who paid"."""
    return header.rstrip("?:").strip()
