"""Where the page stands in the navigator's message: once per page with `page_once` (`[run] page_once =
true`; off by default). The page is written where the model first read it, among the step's history;
the actions done on it since follow it, with what they changed, and then what appeared on the page,
what changed state on it (a field's value, a box ticked: the look shows them as they were) and what
left it since. A new look is written when the page moved to another address or much of it changed. The
message then grows only at its end, so a call after an action on the same page evaluates only what is
new (the model's cache holds the rest). Without it the page is written anew, last, each call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.browser.render import element_line, quote_page
from navwright.browser.types import ElementInfo, Observation

MAX_MOVED = 8
"""Elements that appeared, left or changed state since the look: past this many the page is looked at
anew."""
State = tuple[str | None, bool | None, bool | None, bool | None, bool, tuple[str, ...]]
"""What an action may change in an element the page still shows: its value, ticks, whether it is open
or enabled, its options."""


@dataclass(frozen=True)
class Look:
    """A look at the page as the model read it."""

    at: int
    """The step's history entries written before the look."""
    url: str
    ids: frozenset[str]
    page: str
    matching: str
    states: dict[str, State]
    """Each element's state as the look shows it."""


@dataclass(frozen=True)
class Since:
    """What changed on the page since the look the message shows."""

    appeared: tuple[ElementInfo, ...] = ()
    gone: tuple[str, ...] = ()
    changed: tuple[ElementInfo, ...] = ()
    """Elements of the look whose value, ticks or options are not what the look shows."""

    def lines(self) -> list[str]:
        out = []
        if self.appeared:
            out += ["Now also on the page:", quote_page("\n".join(element_line(e) for e in self.appeared))]
        if self.changed:
            out += ["Changed on the page:", quote_page("\n".join(element_line(e) for e in self.changed))]
        if self.gone:
            out.append("No longer on the page: " + ", ".join(f"[{i}]" for i in self.gone))
        return out


class Looks:
    """The look of the page the navigator's messages show in one step."""

    def __init__(self, once: bool, matching_once: bool) -> None:
        self.once = once
        self.matching_once = matching_once
        """Show only the matching lines the page's view does not hold (`beyond`)."""
        self.look: Look | None = None

    def begin(self) -> None:
        self.look = None

    def take(self, obs: Observation, page: str, matching: str, written: int) -> tuple[Look, Since]:
        """The look to show for the page `obs` (rendered as `page`, with the lines of it that match the
        task), `written` history entries into the step, and what changed on the page since that look."""
        ids = frozenset(e.id for e in obs.elements)
        old = self.look
        changed = () if old is None else tuple(e for e in obs.elements
                                               if e.id in old.ids and old.states[e.id] != _state(e))
        if old is None or not self.once or old.at > written or not _same_page(old, obs, ids, changed):
            shown = beyond(matching, page) if self.matching_once else matching
            self.look = Look(written, obs.url, ids, page, shown, {e.id: _state(e) for e in obs.elements})
            return self.look, Since()
        appeared = tuple(e for e in obs.elements if e.id not in old.ids)
        return old, Since(appeared, tuple(sorted(old.ids - ids, key=_order)), changed)


def beyond(matching: str, page: str) -> str:
    """The lines of `matching` (agent/viewing.py: under their headings and column headers) whose words
    the rendered `page` does not already show in that order, such as a line below the part of the page
    the look holds: the others would be read twice. A heading or a header row stays while a line under
    it stays."""
    shown = f" {_shown(page)} "
    kept: list[str] = []
    above: list[str] = []  # the heading and header the next kept line is under
    for line in matching.splitlines():
        if line.startswith("# "):
            above = [line]
        elif line.startswith("  (columns: "):
            above = [*above[:1], line] if above[:1] and above[0].startswith("# ") else [line]
        elif f" {_words(line)} " not in shown:
            kept += [*above, line]
            above = []
    return "\n".join(kept)


def _shown(page: str) -> str:
    """The words a person reads in the rendered page, in order: an element line's label and value
    without its id, role and state (`[5] button "Buy now" disabled`: "buy now")."""
    out = []
    for line in page.splitlines():
        element = _ELEMENT.match(line)
        out.append(" ".join(_QUOTED.findall(line)) if element else _ID.sub(" ", line))
    return _words(" ".join(out))


def _words(text: str) -> str:
    """The words of `text` in lower case, one space apart."""
    return " ".join(_WORD.findall(text.lower()))


_ELEMENT = re.compile(r"\s*\[[^\]\s]+\] [\w-]+ \"")
_QUOTED = re.compile(r'(?:^|\s)(?:value=)?"((?:[^"\\]|\\.)*)"')
_ID = re.compile(r"\[[^\]\s]+\]")
_WORD = re.compile(r"\w+")


def _same_page(look: Look, obs: Observation, ids: frozenset[str], changed: tuple[ElementInfo, ...]) -> bool:
    moved = (len(ids - look.ids), len(look.ids - ids), len(changed))
    return look.url == obs.url and max(moved) <= MAX_MOVED


def _order(element_id: str) -> tuple[int, str]:
    return (int(element_id), "") if element_id.isdigit() else (1 << 30, element_id)


def _state(e: ElementInfo) -> State:
    return (e.value, e.checked, e.selected, e.expanded, e.disabled, tuple(e.options))
