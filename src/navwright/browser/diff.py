"""Pure helpers of change observation: diff two observations, put happenings in words, redact secrets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from navwright.browser.types import ActionResult, ElementChange, ElementInfo, Observation
from navwright.masking import masker_for

if TYPE_CHECKING:
    from navwright.browser.happenings import Happenings
    from navwright.browser.session import BrowserSession

MAX_NEW_PAGE_ELEMENTS = 40
"""On a new page every element is new; list only the first ones (the page can be read in full)."""


def diff_observations(
    action: str, before: Observation | None, after: Observation | None, *, same_document: bool
) -> ActionResult:
    """Facts about what changed between two observations of the current tab."""
    if after is None:
        return ActionResult(action=action, ok=True)
    result = ActionResult(action=action, ok=True, url=after.url, title=after.title)
    if before is None or not same_document:
        result.navigated = True
        result.appeared = [e.model_copy(update={"new": True}) for e in after.elements[:MAX_NEW_PAGE_ELEMENTS]]
        return result
    result.navigated = before.url != after.url
    old = {e.id: e for e in before.elements}
    now = {e.id: e for e in after.elements}
    result.appeared = [e for e in after.elements if e.id not in old]
    result.disappeared = [i for i in old if i not in now]
    result.changed = [
        ElementChange(id=i, what=what) for i, e in now.items() if i in old for what in _changes(old[i], e)
    ]
    result.appeared_text = new_text_lines(before.text_lines, after.text_lines)
    return result


def _changes(a: ElementInfo, b: ElementInfo) -> list[str]:
    out: list[str] = []
    if a.value != b.value:
        secret = b.input_type == "password"
        out.append(("filled" if b.value else "emptied") if secret else f"value is now {b.value or ''!r}")
    for attr, yes, no in (
        ("checked", "checked", "unchecked"),
        ("selected", "selected", "not selected"),
        ("expanded", "expanded", "collapsed"),
    ):
        va, vb = getattr(a, attr), getattr(b, attr)
        if va != vb and vb is not None:
            out.append(yes if vb else no)
    if a.disabled != b.disabled:
        out.append("disabled" if b.disabled else "enabled")
    if a.name != b.name:
        out.append(f"now named {b.name!r}")
    if a.options != b.options:
        out.append(f"options are now {', '.join(b.options[:12])}")
    return out


def new_text_lines(before: list[str], after: list[str], *, limit: int = 8) -> list[str]:
    """The page's text lines present after the action but not before, in page order (a line shown
    twice is new the second time)."""
    seen = Counter(line.strip() for line in before)
    out: list[str] = []
    for line in after:
        plain = line.strip()
        if not plain:
            continue
        if seen[plain] > 0:
            seen[plain] -= 1
            continue
        out.append(plain)
        if len(out) >= limit:
            break
    return out


def happenings_words(h: Happenings, session: BrowserSession) -> list[str]:
    """Sentences for what the browser did on its own (tabs and blocked navigations)."""
    words: list[str] = []
    if h.new_tabs:
        pages = session.pages
        here = [pages.index(p) for p in h.new_tabs if p in pages]
        if here:
            words.append(f"now on tab {here[-1]} of {len(pages)}")
    if h.closed_tabs and not h.new_tabs:
        words.append(f"{h.closed_tabs} tab(s) closed; {len(session.pages)} open")
    words.extend(b[0].upper() + b[1:] for b in h.blocked)
    return words


def redact(result: ActionResult, secrets: Mapping[str, str]) -> ActionResult:
    """The result with every secret value in its text, in any encoding, replaced by its {{NAME}}
    (navwright.masking: the one masking function); names and kinds keep their values."""
    return masker_for(secrets).model(result) if secrets else result
