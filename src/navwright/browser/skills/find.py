"""find_in_page: the lines of the whole page (beyond the observation's budget) that match some terms.

`lines_matching` is the same search done by code with no model decision: the navigator adds, under a
long page's view, the lines further down that match the task (the answer is often one of them).
"""

from __future__ import annotations

import asyncio
import math
import re
from collections import Counter

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel, Field, ValidationError

from navwright.browser.diff import redact
from navwright.browser.errors import BrowserError
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import skill_script
from navwright.browser.types import ActionResult

MAX_LINES = 12
LINE_CHARS = 300
READ_TIMEOUT_S = 5.0
"""How long the page may take to hand over its whole text."""
NEXT_LINES = 3
"""Short lines kept after each matching line (the rest of its record)."""
NEXT_CHARS = 60
RESTATED_WORDS = 4
CONTEXT_WEIGHT = 0.4
TITLE_WEIGHT = 0.2
"""A term found only in a line's heading or table header counts this much of a term in the line."""
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
STOP = frozenset(re.findall(r"\w+", """
    a an the of in on at to for and or is are was were be by with from what which who whom whose how
    when where why does do did this that these those it its as me my i you your find show tell give
    page list about there than then using use according please can could would should will much many"""))


class FindParams(BaseModel):
    terms: str = Field(description="words to look for (a name, a code, what the question is about)")


class PageLine(BaseModel):
    text: str
    heading: str = ""
    header: str = ""


class PageText(BaseModel):
    url: str
    title: str
    lines: list[PageLine] = Field(default_factory=list)


def words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


ALSO = {"leave": "depart", "leaves": "depart", "leaving": "depart", "depart": "leav", "departs": "leav",
        "arrive": "land", "arrives": "land", "arriving": "land", "land": "arriv", "lands": "arriv",
        "cost": "price", "costs": "price", "price": "cost", "fee": "price", "fees": "price", "fare": "price",
        "charge": "fee", "open": "hours", "opens": "hours",
        **{month: month[:3] for month in ("january", "february", "march", "april", "june", "july", "august",
                                          "september", "october", "november", "december")},
        **{day: day[:3] for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                    "sunday")}}
"""The word a page often says for a question's word ("What time does it leave?": "Departs 10:02"; a
climate table's "Jul" for July); a term ending short ("leav", "arriv") matches the words it begins."""


def terms_of(query: str) -> list[str]:
    """The words that matter in a query, with the page's usual word for some (ALSO); stop words go
    unless nothing else is left."""
    all_words = words(query)
    kept = [w for w in dict.fromkeys(all_words) if w not in STOP]
    kept += [ALSO[w] for w in kept if w in ALSO and ALSO[w] not in kept]
    return kept or list(dict.fromkeys(all_words))


def best_lines(lines: list[PageLine], query: str, limit: int = MAX_LINES, ignore: str = "") -> list[int]:
    """Indexes of the lines that best match the query, in page order.

    A line scores the sum of its matched terms' weights (rare terms weigh more; a word that only starts
    with a term counts half; a term only in the line's heading or table header counts CONTEXT_WEIGHT),
    plus a bonus when it holds the whole query as written. Terms in `ignore` (the page's title: the
    whole page is about them, and its header and footer name them too) weigh TITLE_WEIGHT as much.
    """
    titled = set(words(ignore))
    terms = terms_of(query)
    if not terms:
        return []
    bags = [set(words(ln.text)) for ln in lines]
    around = [set(words(f"{ln.heading} {ln.header}")) for ln in lines]
    df = Counter(t for bag in bags for t in terms if _has(bag, t))
    weight = {t: math.log(1 + len(lines) / (1 + df[t])) * (TITLE_WEIGHT if t in titled else 1.0)
              for t in terms}
    phrase = " ".join(words(query))
    scored: list[tuple[float, int]] = []
    for i, bag in enumerate(bags):
        score = sum(weight[t] * _match(bag, around[i], t) for t in terms)
        if score <= 0:
            continue
        if len(terms) > 1 and phrase and phrase in " ".join(words(lines[i].text)):
            score *= 1.5
        scored.append((score - len(lines[i].text) / 10000, i))
    top = sorted(scored, reverse=True)[:limit]
    best = top[0][0] if top else 0
    return sorted(i for s, i in top if s >= best / 3)


def _match(bag: set[str], around: set[str], term: str) -> float:
    if term in bag:
        return 1.0
    if _has(bag, term):
        return 0.5
    return CONTEXT_WEIGHT if _has(around, term) else 0.0


def _has(bag: set[str], term: str) -> bool:
    """The term, or a word that starts with it or with its stem ("owns": "owned", "owner")."""
    if term in bag:
        return True
    starts = {t for t in (term, stem(term)) if len(t) >= 3}
    return any(w.startswith(t) for w in bag for t in starts)


def stem(term: str) -> str:
    """The term less an ending of its inflection ("owns", "reported", "comments", "opening"), when
    three letters or more are left; "address", "status" and "this" keep theirs."""
    for ending in ("ing", "ed", "es", "s"):
        if term.endswith(ending) and len(term) - len(ending) >= 3:
            if ending == "s" and term[-2] in "siu":
                return term
            return term[: -len(ending)]
    return term


def excerpt(text: str, query: str) -> str:
    """A long line cut to LINE_CHARS around its first matched term."""
    if len(text) <= LINE_CHARS:
        return text
    low = text.casefold()
    at = min((low.find(t) for t in terms_of(query) if t in low), default=0)
    start = max(0, at - LINE_CHARS // 3)
    return ("…" if start else "") + text[start : start + LINE_CHARS].strip() + "…"


def render_found(lines: list[PageLine], picked: list[int], query: str) -> str:
    """The picked lines under their headings; a table row with its header row once."""
    out: list[str] = []
    heading = header = None
    for i in picked:
        ln = lines[i]
        if ln.heading != heading and ln.heading:
            out.append(f"# {ln.heading}")
        heading = ln.heading
        if ln.header and ln.header != header and not (out and out[-1] == "  " + ln.header):
            out.append(f"  (columns: {ln.header})")
        header = ln.header or (ln.text if not ln.header and " | " in ln.text else header)
        out.append("  " + excerpt(ln.text, query))
    return "\n".join(out)


async def read_text(page: Page) -> PageText:
    """The whole page as lines, within READ_TIMEOUT_S. Raises BrowserError when it cannot be read."""
    try:
        raw = await asyncio.wait_for(page.evaluate(skill_script("fulltext.js")), READ_TIMEOUT_S)
        return PageText.model_validate(raw)
    except TimeoutError:
        raise BrowserError(f"the page did not hand over its text in {READ_TIMEOUT_S:g} s") from None
    except (PlaywrightError, ValidationError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else "unknown error"
        raise BrowserError(first) from None


async def lines_matching(page: Page, query: str, shown: str, limit: int = 6) -> str:
    """The lines of the whole page that best match `query` and are not in `shown` (the view the model
    already reads), under their headings; "" when there are none or the page cannot be read. A page
    line that restates the request tells nothing (a page that prints the request); a search result
    titled with a word of it does."""
    try:
        text = await read_text(page)
    except BrowserError:
        return ""
    asked = set(words(query))
    fresh = [ln for ln in text.lines if ln.text not in shown and not _restates(ln.text, asked)]
    picked = best_lines(fresh, query, limit, ignore=text.title)
    return render_found(fresh, with_next(picked, fresh), query) if picked else ""


def _restates(line: str, asked: set[str]) -> bool:
    """A sentence of the request printed on the page (4 words or more, all of them the request's); a
    name or a label the request also says ("Pelin", a search result) is kept."""
    said = set(words(line))
    return len(said) >= RESTATED_WORDS and said <= asked


def with_next(picked: list[int], lines: list[PageLine], after: int = NEXT_LINES) -> list[int]:
    """The picked lines and the short lines right after each: the rest of its record (a product's
    price and stock under its name, a flight's fare under its number)."""
    out: set[int] = set()
    for i in picked:
        out.add(i)
        for j in range(i + 1, min(i + 1 + after, len(lines))):
            if len(lines[j].text) > NEXT_CHARS or lines[j].heading != lines[i].heading:
                break
            out.add(j)
    return sorted(out)


@skill("find_in_page", FindParams, read_only=True, changes_page=False, offered_on=("long_page",))
async def find_in_page(ctx: SkillContext, p: FindParams) -> ActionResult:
    """Search the whole page text (all screens, tables too) for lines about some terms."""
    try:
        raw = await read_text(ctx.session.page)
    except BrowserError as e:
        return ActionResult(action="find_in_page", ok=False, error=f"the page could not be read: {e}")
    picked = best_lines(raw.lines, p.terms)
    result = ActionResult(action="find_in_page", ok=bool(picked), url=raw.url, title=raw.title)
    if picked:
        result.detail = f"{len(picked)} of {len(raw.lines)} lines match {p.terms!r}"
        result.text = render_found(raw.lines, picked, p.terms)
    else:
        result.error = f"no line of this page ({len(raw.lines)} lines) mentions {p.terms!r}"
    return redact(result, ctx.secrets)
