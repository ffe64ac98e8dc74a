"""The widgets fill_form finishes: an autocomplete (type, wait, choose the best option) and a calendar
popup (open it, page through months, click the day)."""

from __future__ import annotations

import datetime as dt
import re
from difflib import SequenceMatcher

from playwright.async_api import Page
from pydantic import BaseModel

from navwright.browser.settle import arm, settle
from navwright.browser.skills.common import ElementError, click_locator, marked, skill_script

MAX_MONTHS = 36
MAX_QUERIES = 4
"""Tries at an autocomplete: the whole value and up to three of its words."""


class Suggestion(BaseModel):
    key: str
    label: str


class CalendarView(BaseModel):
    class Month(BaseModel):
        month: int
        year: int

    shown: Month | None = None
    next: bool = False
    prev: bool = False
    day: bool = False


async def step(page: Page) -> None:
    """Let the page react to one step inside a skill (its messages stay for the skill's result)."""
    await settle(page)
    await arm(page, notes=False)


def similarity(a: str, b: str) -> float:
    return SequenceMatcher(None, a.casefold(), b.casefold()).ratio()


def best_suggestion(options: list[Suggestion], value: str) -> Suggestion | None:
    """The option that is the value, contains it ("Paris" -> "Paris (CDG)"), or is closest to it."""
    want = value.strip().casefold()

    def score(o: Suggestion) -> float:
        have = o.label.casefold()
        if have == want:
            return 3.0
        if want in have:
            return 2.0 - len(have) / 1000
        if have and have in want:
            return 1.5
        if set(re.findall(r"[^\W_]+", want)) <= set(re.findall(r"[^\W_]+", have)):
            return 1.4  # every word of the value, in another order or with more ("London (LHR) Heathrow")
        return similarity(have, want)

    ranked = sorted(options, key=score, reverse=True)
    return ranked[0] if ranked and score(ranked[0]) >= 0.6 else None


async def suggestions(page: Page, key: str) -> list[Suggestion]:
    raw = await page.evaluate(skill_script("widgets.js"), {"options": key})
    return [Suggestion.model_validate(o) for o in raw or []]


async def choose_suggestion(page: Page, key: str, value: str) -> str:
    """Type into an autocomplete, then click the best option that appears; say what the field holds.
    When no option fits the whole value ("London Heathrow" finds nothing), type its words one at a time,
    as a person would ("London"), and choose the option that best fits the whole value."""
    field = marked(page, key)
    shown: list[Suggestion] = []
    best: Suggestion | None = None
    for query in _queries(value):
        await field.fill(query[:-1])
        await field.press_sequentially(query[-1:])
        await step(page)
        options = await suggestions(page, key)
        best = best_suggestion(options, value)
        if best is not None:
            break
        shown = shown or options
    if best is None:
        if not shown:
            await field.fill(value)
            return f"typed {value!r}; no suggestion appeared"
        listed = ", ".join(o.label for o in shown[:8])
        raise ElementError(f"typed {value!r} but no suggestion matches it (suggested: {listed})")
    await click_locator(page, marked(page, best.key), repr(best.label))
    await step(page)
    kept = await field.input_value() if await field.count() else ""
    if not kept.strip():
        raise ElementError(f"chose {best.label!r} but the field is empty again")
    return f"chose {best.label!r}" + (f", the field shows {kept!r}" if kept != best.label else "")


def _queries(value: str) -> list[str]:
    """What to type: the whole value, then each of its words of three letters or more."""
    words = [w for w in re.findall(r"[^\W_]+", value) if len(w) >= 3]
    return list(dict.fromkeys([value, *words]))[:MAX_QUERIES] if value.strip() else [value]


async def pick_date(page: Page, key: str, day: dt.date) -> str:
    """Open the calendar of a read-only date field and click the day, paging through months."""
    await click_locator(page, marked(page, key), "the date field")
    await step(page)
    for _ in range(MAX_MONTHS):
        raw = await page.evaluate(skill_script("widgets.js"), {"calendar": day.isoformat()})
        if raw is None:
            raise ElementError("clicking the field opened no calendar")
        view = CalendarView.model_validate(raw)
        if view.day:
            await click_locator(page, marked(page, "c-day"), str(day.day))
            await step(page)
            shown = await marked(page, key).input_value()
            if not shown.strip():
                raise ElementError(f"clicked {day.isoformat()} in the calendar but the field stayed empty")
            return f"picked {day.isoformat()} in the calendar; the field shows {shown!r}"
        if view.shown is None:
            raise ElementError("the calendar shows no month and year it can be paged by")
        forward = (view.shown.year, view.shown.month) < (day.year, day.month)
        if not (view.next if forward else view.prev):
            raise ElementError(f"the calendar has no {'next' if forward else 'previous'} month button")
        await click_locator(page, marked(page, "c-next" if forward else "c-prev"), "the month button")
        await step(page)
    raise ElementError(f"{day.isoformat()} is more than {MAX_MONTHS} months from the calendar's month")


async def open_and_choose(page: Page, key: str, value: str) -> str:
    """A custom drop-down list: click it open, then click the option that best matches the value."""
    await click_locator(page, marked(page, key), "the list")
    await step(page)
    options = await suggestions(page, key)
    best = best_suggestion(options, value)
    if best is None:
        shown = ", ".join(o.label for o in options[:12]) or "none appeared"
        raise ElementError(f"no option like {value!r} (options: {shown})")
    await click_locator(page, marked(page, best.key), repr(best.label))
    return f"chose {best.label!r}"
