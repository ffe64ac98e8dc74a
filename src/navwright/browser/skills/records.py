"""The records of a list page (products, flights, messages, table rows), read by code for the compare
and count procedures: each record's text on one line, the id of its link and its visual marks, with
what the page says it lists."""

from __future__ import annotations

import asyncio

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel, Field, ValidationError

from navwright.browser.skills.common import skill_script

READ_TIMEOUT_S = 5.0
MAX_RECORDS = 60
PROBE = "records-next"
"""The mark nextpage.js leaves on the next-page control it finds (nothing clicks it here)."""


class Control(BaseModel):
    id: str
    name: str = ""


class Record(BaseModel):
    id: str | None = None
    text: str
    columns: dict[str, str] = Field(default_factory=dict)
    """A table row's cells by their column's header ("How much?": "68.95 (17.24 each)")."""
    controls: list[Control] = Field(default_factory=list)
    """Its own links and buttons ("edit", "delete"), in the page's order."""
    marks: list[str] = Field(default_factory=list)
    """The words of what sets it apart from the other records only visually: a class some records have
    and others not ("unread", "sold", "out"), a textless part's label ("starred"), "bold" for bold type."""


class Records(BaseModel):
    title: str = ""
    headings: list[str] = Field(default_factory=list)
    records: list[Record] = Field(default_factory=list)
    total: int = 0
    """How many records the list holds (more than `records` when it was cut at MAX_RECORDS)."""
    more: bool = False
    """The list goes on past this page: a count says so ("1–12 of 16", "Page 1 of 3") or there is a next
    page."""
    part: bool = False
    """The list says it is one page of several ("Page 3 of 3", "13–16 of 16")."""


async def list_records(
    page: Page, limit: int = MAX_RECORDS, marks: bool = False, one: bool = False
) -> Records:
    """The page's largest list of records; empty when the page has none or cannot be read in time. Each
    record's `marks` are read only when `marks` asks for them (a count of marked records); with `one`, a
    table's one row under its header is a list (what a search narrowed to one record left)."""
    try:
        asked = {"max": limit, "marks": marks, "one": one}
        raw = await asyncio.wait_for(page.evaluate(skill_script("records.js"), asked), READ_TIMEOUT_S)
        found = Records.model_validate(raw)
        if found.records and not found.more:
            after = await asyncio.wait_for(page.evaluate(skill_script("nextpage.js"), PROBE), READ_TIMEOUT_S)
            found.more = after is not None
        return found
    except (PlaywrightError, TimeoutError, ValidationError):
        return Records()
