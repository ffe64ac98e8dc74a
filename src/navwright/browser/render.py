"""The one place that turns observations and action results into the text a model reads."""

from __future__ import annotations

import re

from navwright.browser.distill.lines import Line
from navwright.browser.problems import problem_line
from navwright.browser.types import ActionResult, ElementInfo, FieldOutcome, Observation

_TOKEN = re.compile(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]")
MAX_INDENT = 4
SHORT_INDENT = 2
SHORT_OPTIONS = 8
"""Most options of a select shown on a long page in `all` mode."""
_MORE = re.compile(r"\+(\d+) more")
"""Deepest indent on a long page in `all` mode."""
MAX_APPEARED = 12
SHORT_NAME = 30
"""Longest element name on a long page in `all` mode."""


def estimate_tokens(text: str) -> int:
    """Estimate BPE tokens with the "word-piece regex" estimator.

    Each run of letters counts one token per 5 letters started, each digit run one per 3 digits,
    every other non-space character one token. It tracks Qwen/Llama tokenizers within ~15 % on
    English page text and errs high on non-Latin text.
    """
    n = 0
    for m in _TOKEN.finditer(text):
        s = m.group()
        if s[0].isdigit():
            n += (len(s) + 2) // 3
        elif s[0].isalpha() and s.isascii():
            n += (len(s) + 4) // 5
        else:
            n += 1
    return n


def _q(s: str) -> str:
    return '"' + s.replace('"', "'") + '"'


def _cut(s: str, n: int | None) -> str:
    return s if n is None or len(s) <= n else s[: n - 1].rstrip() + "…"


def element_line(e: ElementInfo, cut: int | None = None) -> str:
    """`[3] textbox "Username" value="bob"`; a trailing `new` marks an element new since the last look.
    `cut`: the longest name shown (a long page in `all` mode)."""
    parts = [f"[{e.id}] {e.role}"]
    if e.name:
        parts.append(_q(_cut(e.name, cut)))
    if e.input_type and e.input_type not in ("text", e.role) and not (cut and e.role == "button"):
        parts.append(f"type={e.input_type}")
    if e.input_type == "password":
        parts.append("filled" if e.value else "empty")
    elif e.value:
        parts.append(f"value={_q(e.value)}")
    if e.placeholder and not e.value:
        parts.append(f"hint={_q(e.placeholder)}")
    for flag, label in ((e.checked, "checked"), (e.selected, "selected")):
        if flag:
            parts.append(label)
    if e.expanded is not None:
        parts.append("expanded" if e.expanded else "collapsed")
    if e.disabled:
        parts.append("disabled")
    if e.new:
        parts.append("new")
    if e.required:
        parts.append("required")
    if e.options:
        parts.append("options: " + " | ".join(e.options if cut is None else _few(e.options)))
    return " ".join(parts)


def _few(options: list[str]) -> list[str]:
    """The first SHORT_OPTIONS options and "+N more" (the page script may already end with one)."""
    if len(options) <= SHORT_OPTIONS + 1:
        return options
    more = _MORE.fullmatch(options[-1])
    total = len(options) - 1 + int(more.group(1)) if more else len(options)
    return [*options[:SHORT_OPTIONS], f"+{total - SHORT_OPTIONS} more"]


def _run_part(e: ElementInfo, cut: int | None) -> str:
    href = e.href if e.href and not e.href.startswith("javascript:") else None
    if href and cut is not None:
        href = _cut(href.split("://", 1)[-1], cut)
    return f"[{e.id}] {_cut(e.name, cut) or href or 'link'}{' (new)' if e.new else ''}"


def line_text(ln: Line) -> str:
    """One line without its indent: text, a single element, or a run of links."""
    if not ln.elements:
        return ln.text
    cut = SHORT_NAME if ln.short else None
    if len(ln.elements) == 1:
        return element_line(ln.elements[0], cut)
    return "links: " + " | ".join(_run_part(e, cut) for e in ln.elements)


def _indent(ln: Line) -> str:
    return "  " * min(ln.depth, SHORT_INDENT if ln.short else MAX_INDENT)


def text_lines(lines: list[Line]) -> list[str]:
    """The text (not the elements) of `lines`, one entry per rendered line."""
    return [part for ln in lines if not ln.elements for part in ln.text.splitlines()]


def render_lines(lines: list[Line]) -> str:
    return "\n".join(_indent(ln) + line_text(ln) for ln in lines)


def render_observation(obs: Observation) -> str:
    """What the model reads: a header (URL, title, tabs, truncation) and the observation lines."""
    head = f"URL: {obs.url}\nTitle: {obs.title}"
    if obs.tabs > 1:
        head += f"\nTabs open: {obs.tabs}"
    body = obs.text or "(the page shows nothing readable)"
    return f"{head}\n{body}"


SAYS_NO_CHANGE = {"click", "press_key", "select_option", "set_checked", "type_text"}
"""Actions whose result says so when the page did not react: "pressed Enter" alone reads like
success to a small model, which then finishes without pressing Submit."""


def render_result(result: ActionResult, *, appeared: bool = True) -> str:
    """One short paragraph: done or failed, what changed, and (`appeared`) the new elements with their
    ids."""
    words = [f"{result.action}: {'done' if result.ok else 'failed'}"]
    if result.error:
        words[0] += f" ({result.error.rstrip('.')})"
    if result.detail:
        words[0] += f", {result.detail.rstrip('.')}"
    words[0] += "."
    if result.navigated:
        words.append(f"The page navigated to {result.url}" + (f" ({result.title})." if result.title else "."))
    words += [f"{w}." for w in happened(result, result.url)]
    words += [f"{head.capitalize()}: {what}." for head, what in changes(result)]
    if result.ok and result.action in SAYS_NO_CHANGE and not result.visible_change:
        words.append("Nothing on the page changed.")
    text = " ".join(words)
    for line in [*map(field_line, result.fields), *map(problem_line, result.problems)]:
        text += "\n" + line
    if result.text:
        text += "\n" + result.text.strip()
    if result.appeared and appeared:
        lines = [element_line(e) for e in result.appeared[:MAX_APPEARED]]
        more = len(result.appeared) - MAX_APPEARED
        if more > 0:
            lines.append(f"+{more} more; read the page to see them")
        text += "\nAppeared:\n" + "\n".join(lines)
    return text


def changes(result: ActionResult) -> list[tuple[str, str]]:
    """What the action changed on the page, as (heading, what) pairs: elements whose state changed, the
    ids of those gone, the text that appeared."""
    out = []
    if result.changed:
        out.append(("changed", "; ".join(f"[{c.id}] {c.what}" for c in result.changed)))
    if result.disappeared:
        more = len(result.disappeared) - MAX_APPEARED
        gone = ", ".join(f"[{i}]" for i in result.disappeared[:MAX_APPEARED])
        out.append(("gone", gone + (f" (+{more} more)" if more > 0 else "")))
    if result.appeared_text:
        out.append(("new text", " | ".join(result.appeared_text)))
    return out


def happened(result: ActionResult, url: str) -> list[str]:
    """What else the action brought about: a new tab (at `url`, as the caller writes it), a dialog, a
    download."""
    words = [f"A new tab opened and is now current: {url}"] if result.new_tab else []
    if result.dialog:
        words.append(f"A dialog appeared: {result.dialog.rstrip('.')}")
    if result.download:
        words.append(f"A file was downloaded: {result.download}")
    return words


def field_line(f: FieldOutcome) -> str:
    """One line per fill_form field: `"Size" [12]: set (chose 'Medium')`."""
    ref = f" [{f.id}]" if f.id else ""
    status = {"set": "set", "not_found": "NOT FOUND", "refused": "NOT SET"}[f.status]
    return f'"{f.label}"{ref}: {status}' + (f" ({f.note.rstrip('.')})" if f.note else "")


PAGE_TAG = re.compile(r"<\s*(/?)\s*page\b[^>]*>", re.IGNORECASE)


def quote_page(text: str) -> str:
    """Page text between <page> and </page>; a page's own tags are defused so it cannot close the quote."""
    return f"<page>{PAGE_TAG.sub(lambda m: f'({m.group(1)}page)', text)}</page>"
