"""An action's result as one short line of the step's history: what the page did in reply, in as few
words as say it. The action's own label already names the element and the text, so the line holds only
what is new: where the page went (its path and title, not the origin every line shares), what changed,
what the page said, and a message only the first time the page shows it (a banner on every page of a
site is no reply to each action)."""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from navwright.agent.modelcall import short
from navwright.browser.problems import problem_line
from navwright.browser.render import SAYS_NO_CHANGE, changes, field_line, happened
from navwright.browser.types import ActionResult, PageProblem

LIMIT = 240
"""Longest line, and (`TEXT_LIMIT`) one that carries the text a site function or a read gave back."""
TEXT_LIMIT = 600
SHOWN_ONCE = frozenset({"error_text", "toast"})
"""Messages a page shows by itself, not about a field of the action: said once per step."""


def result_line(result: ActionResult, shown: Collection[str] = (), at: str = "") -> str:
    """The page's reply to an action done on the page at `at`, short; `shown`: the messages earlier
    lines of the step said."""
    words = [_outcome(result), *_went(result, at), *_changes(result)]
    words += [problem_line(p) for p in result.problems if not _said_before(p, shown)]
    words += map(field_line, result.fields)
    if result.text:
        words.append(result.text.strip())
    text = "; ".join(w.rstrip(".") for w in words if w) or "done"
    return short(text, TEXT_LIMIT if result.text else LIMIT)


def messages_shown(result: ActionResult) -> tuple[str, ...]:
    """The messages the page showed by itself in reply to `result` (kept to say each once)."""
    return tuple(p.text for p in result.problems if p.kind in SHOWN_ONCE and p.text)


def short_url(url: str, at: str = "") -> str:
    """A page's address without the query's empty parameters and, on the site of the page `at`, without
    its scheme and host (`/orders/?query=MCPKL`, not `http://127.0.0.1:27264/orders/?query=MCPKL&status=`);
    another site's address keeps its host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return url
    there = urlsplit(at)
    site = "" if (there.scheme, there.netloc) == (parts.scheme, parts.netloc) else f"{parts.scheme}://{parts.netloc}"
    query = "&".join(p for p in parts.query.split("&") if p and not p.endswith("="))  # as written
    fragment = f"#{parts.fragment}" if parts.fragment else ""
    return site + (parts.path or "/") + (f"?{query}" if query else "") + fragment


def _outcome(result: ActionResult) -> str:
    if not result.ok:
        return "failed" + (f": {result.error.rstrip('.')}" if result.error else "") + (
            f" ({result.detail})" if result.detail else "")
    if result.detail:
        return result.detail
    quiet = result.action in SAYS_NO_CHANGE and not result.visible_change
    return "done, nothing on the page changed" if quiet else ""


def _went(result: ActionResult, at: str) -> list[str]:
    title = f' "{result.title}"' if result.title else ""
    went = [f"now on {short_url(result.url, at)}{title}"] if result.navigated else []
    return went + happened(result, short_url(result.url, at))


def _changes(result: ActionResult) -> list[str]:
    words = [f"{head}: {what}" for head, what in changes(result)]
    if result.ok and result.detail and result.action in SAYS_NO_CHANGE and not result.visible_change:
        words.append("nothing on the page changed")
    return words


def _said_before(problem: PageProblem, shown: Collection[str]) -> bool:
    return problem.kind in SHOWN_ONCE and problem.text in shown
