"""`printable(text)`: stored or page text made safe to print on a terminal.

Text that reaches a terminal may come from anywhere: a page, a model, an imported memory file, a
profile's state file. An escape sequence in it would be obeyed by the terminal (move the cursor, rewrite
lines, change the title), so every console printer passes text through this one helper: each control
character (C0, DEL, C1) and each bidirectional-override mark is written as a visible escape (`\\x1b`,
`\\u202e`) instead.
"""

from __future__ import annotations

_BIDI = [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]
_CONTROLS = [*range(0x00, 0x09), *range(0x0A, 0x20), 0x7F, *range(0x80, 0xA0)]
"""Every control character but the tab (harmless, and batch lines are tab-separated)."""


def _escape(code: int) -> str:
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_TABLE = {code: _escape(code) for code in (*_CONTROLS, *_BIDI)}
_KEEP_LINES = {code: text for code, text in _TABLE.items() if code != 0x0A}


def printable(text: object, *, lines: bool = False) -> str:
    """`text` with every control character shown as an escape; `lines=True` keeps newlines."""
    return str(text).translate(_KEEP_LINES if lines else _TABLE)
