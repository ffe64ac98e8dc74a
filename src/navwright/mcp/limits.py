"""How much one MCP tool result may carry: every text result is capped at MAX_RESULT_CHARS (a cut says so
and how to get the rest), and read_text hands a long page over in windows (`offset`)."""

from __future__ import annotations

from dataclasses import dataclass

MAX_RESULT_CHARS = 40_000
"""About 10,000 tokens: what one tool result may put into a client model's context."""
ANSWER_CHARS = 8_000
"""A task reply's answer (and each evidence line, a tenth of it); at most MAX_EVIDENCE lines."""
MAX_EVIDENCE = 20
READ_CHARS = 10_000
"""read_text's window of page text when the client names none."""
ASK_FOR_LESS = ("read_text with a query (only the matching lines) or an offset (the next part), observe "
                "with a smaller budget_tokens")


def cap(text: str, limit: int = MAX_RESULT_CHARS) -> str:
    """`text` cut to `limit` characters, saying so (the page quote stays closed)."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    if cut.rfind("<page>") > cut.rfind("</page>"):
        cut += "</page>"
    return (f"{cut}\n[navwright cut this result: it was {len(text):,} characters and only the first "
            f"{limit:,} are shown. Ask for less: {ASK_FOR_LESS}.]")


def clip(text: str, limit: int) -> str:
    """A short field cut to `limit` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [cut: {len(text):,} characters in all]"


@dataclass(frozen=True)
class Window:
    """A part of a long text: `text` starts at `offset`; `total` is the whole text's length."""

    text: str
    offset: int
    total: int

    @property
    def end(self) -> int:
        return self.offset + len(self.text)

    def note(self) -> str:
        """What part this is and how to read on ("" when it is the whole text)."""
        if self.offset == 0 and self.end >= self.total:
            return ""
        if self.offset >= self.total:
            return (f"[the page text is {self.total:,} characters; offset {self.offset:,} is past its "
                    "end: read_text with a smaller offset]")
        more = (f" More: read_text with offset={self.end}, or a query for only the matching lines."
                if self.end < self.total else " This is the end of the page text.")
        return f"[page text, characters {self.offset:,} to {self.end:,} of {self.total:,}.{more}]"


def window(text: str, offset: int, size: int) -> Window:
    """At most `size` characters of `text` from `offset`, ending at a line break where one is near."""
    part = text[offset : offset + size]
    if offset + size < len(text):
        newline = part.rfind("\n")
        if newline > size // 2:
            part = part[: newline + 1]
    return Window(part, offset, len(text))
