"""find_in_page: the lines of the whole page (beyond the observation's budget) that match some terms."""

from __future__ import annotations

import math
import re
from collections import Counter

from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel, Field

from navwright.browser.diff import redact
from navwright.browser.errors import BrowserError
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import skill_script
from navwright.browser.types import ActionResult

MAX_LINES = 12
LINE_CHARS = 300
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
STOP = frozenset(re.findall(r"\w+", """
    a an the of in on at to for and or is are was were be by with from what which who whom whose how
    when where why does do did this that these those it its as me my i you your find show tell give
    page list about there than then"""))


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


def terms_of(query: str) -> list[str]:
    """The words that matter in a query; stop words go unless nothing else is left."""
    all_words = words(query)
    kept = [w for w in dict.fromkeys(all_words) if w not in STOP]
    return kept or list(dict.fromkeys(all_words))


def best_lines(lines: list[PageLine], query: str, limit: int = MAX_LINES) -> list[int]:
    """Indexes of the lines that best match the query, in page order.

    A line scores the sum of its matched terms' weights (rare terms weigh more; a word that only starts
    with a term counts half), plus a bonus when it holds the whole query as written.
    """
    terms = terms_of(query)
    if not terms:
        return []
    bags = [set(words(ln.text)) for ln in lines]
    df = Counter(t for bag in bags for t in terms if _has(bag, t))
    weight = {t: math.log(1 + len(lines) / (1 + df[t])) for t in terms}
    phrase = " ".join(words(query))
    scored: list[tuple[float, int]] = []
    for i, bag in enumerate(bags):
        score = sum(weight[t] * (1.0 if t in bag else 0.5) for t in terms if _has(bag, t))
        if score <= 0:
            continue
        if len(terms) > 1 and phrase and phrase in " ".join(words(lines[i].text)):
            score *= 1.5
        scored.append((score - len(lines[i].text) / 10000, i))
    top = sorted(scored, reverse=True)[:limit]
    best = top[0][0] if top else 0
    return sorted(i for s, i in top if s >= best / 3)


def _has(bag: set[str], term: str) -> bool:
    return term in bag or (len(term) >= 3 and any(w.startswith(term) for w in bag))


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


@skill("find_in_page", FindParams, read_only=True, changes_page=False, offered_on=("long_page",))
async def find_in_page(ctx: SkillContext, p: FindParams) -> ActionResult:
    """Search the whole page text (all screens, tables too) for lines about some terms."""
    try:
        page = ctx.session.page
        raw = PageText.model_validate(await page.evaluate(skill_script("fulltext.js")))
    except (PlaywrightError, BrowserError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else "unknown error"
        return ActionResult(action="find_in_page", ok=False, error=f"the page could not be read: {first}")
    picked = best_lines(raw.lines, p.terms)
    result = ActionResult(action="find_in_page", ok=bool(picked), url=raw.url, title=raw.title)
    if picked:
        result.detail = f"{len(picked)} of {len(raw.lines)} lines match {p.terms!r}"
        result.text = render_found(raw.lines, picked, p.terms)
    else:
        result.error = f"no line of this page ({len(raw.lines)} lines) mentions {p.terms!r}"
    return redact(result, ctx.secrets)
