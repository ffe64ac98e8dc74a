"""What the page script returns (validated here) and the `Line` the passes work on."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from navwright.browser.types import ElementInfo


class RawItem(BaseModel):
    """One item of the page script: a text line (`t`) or an interactive element (`e`)."""
    model_config = ConfigDict(allow_inf_nan=False)  # JSON has no infinities; a page cannot send one

    t: str | None = None
    e: ElementInfo | None = None
    d: int = 0
    g: int = 0
    y: float = 0.0
    f: str | None = None
    """Set on a frame header line: the frame's key."""
    j: int = 0
    """1: this item continues the running text of the item before it (an inline link and what follows)."""
    k: int = 0
    """1: this text line is of the same record (card, list item) as the text line before it."""


class RawFrame(BaseModel):
    """A frame the page script could not enter (cross-origin): read it through Playwright."""
    model_config = ConfigDict(allow_inf_nan=False)  # JSON has no infinities; a page cannot send one

    id: str
    key: str
    d: int
    at: int
    y: float = 0.0


class RawCounts(BaseModel):
    dom: int = 0
    interactive: int = 0


class RawPage(BaseModel):
    model_config = ConfigDict(allow_inf_nan=False)  # JSON has no infinities; a page cannot send one
    url: str
    title: str
    items: list[RawItem]
    frames: list[RawFrame] = Field(default_factory=list)
    counts: RawCounts = Field(default_factory=RawCounts)
    vh: float = 800.0
    far: float = 1600.0
    doc: str | None = None
    """The document's token (settle.js): the same token, the same document."""
    ms: float = 0.0


@dataclass
class Line:
    """A line of the observation: text, or one or more elements (a collapsed run of links)."""

    depth: int
    group: int
    y: float
    text: str = ""
    elements: list[ElementInfo] = field(default_factory=list)
    header: bool = False
    joins: bool = False
    short: bool = False
    """Render with shortened names (a long page in `all` mode)."""
    record: bool = False
    """Of the same record (card, list item) as the text line before it (see `join_records`)."""
    left_out: int = 0
    """On a note line of a long page: how many elements and text lines it says are not shown."""

    @property
    def is_element(self) -> bool:
        return bool(self.elements)


def to_lines(items: list[RawItem]) -> list[Line]:
    lines: list[Line] = []
    for item in items:
        if item.e is not None:
            item.e.y = round(item.y)
            lines.append(Line(item.d, item.g, item.y, elements=[item.e], joins=bool(item.j)))
        elif item.t:
            header = item.f is not None or (item.t.endswith(":") and "dialog" in item.t[:13])
            lines.append(Line(item.d, item.g, item.y, text=item.t, header=header, joins=bool(item.j),
                              record=bool(item.k)))
    return lines
