"""The look-up procedure: what a person does to answer a question about a named thing on a site they
do not know. Search the site for the names in the question, open the result that best matches the
question, and let the reader read each page on the way. Code makes these moves, with no model decision;
the navigator takes over when the procedure has nothing left to try. On a list that holds the code the
task names ("Book flight SW 488"), the one record holding it is opened.

It runs for a question or an action (the reader's kind; an action on a named thing, "Order the Alpine
Down Parka...", starts on that thing's page too), once per step, on a page with a search box, and only
when the task names something (capitalised words that are not the site's own name). A question about
two named things ("how many more … does Vellmar have than Pelin?") searches the second name once the
first one's page did not answer it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import parse_qsl, urlsplit

from navwright.agent.procedure import Move
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.names import plain
from navwright.agent.task.tokens import STOP, words
from navwright.browser.skills.records import Record
from navwright.browser.skills.search import Results, found_nothing

Stage = Literal["start", "searched", "opened", "over"]

_STOP = STOP | {"using", "tell", "according"}
"""Function words, and words a question asks with ("tell me", "according to the site"): no result's
title is picked for sharing them."""


def best_result(found: Results, intent: TaskIntent, name: str = "") -> str | None:
    """The element id of the result whose title shares the most words with the question (at least one),
    then with the name searched for ("Pelin" over "Vellmar" when both are in the question), the first
    such result on a tie."""
    asked = intent.words - _STOP
    sought = set(words(name))
    best_id, best_score = None, (0, 0)
    for result in found.results:
        title = set(words(result.name))
        score = (len(asked & title), len(sought & title))
        if result.id and score[0] and score > best_score:
            best_id, best_score = result.id, score
    return best_id


@dataclass
class LookUp:
    """Where the procedure stands in one step."""

    stage: Stage = "start"
    names: list[str] = field(default_factory=list)
    """The question's names, the longest first (see TaskIntent.names)."""
    searched: list[str] = field(default_factory=list)
    """The names searched for in this step."""
    fruitless: set[str] = field(default_factory=set)
    """The names whose search found nothing in this run (not searched again in a later step)."""

    def skip(self) -> None:
        """Not in this step (the site offers its own functions): the navigator does it."""
        if self.stage == "start":
            self.stage = "over"

    def first(self, intent: TaskIntent, title: str, search_box: bool, login: bool = False) -> Move | None:
        """The search to start with, if the page has a search box and the question names something. A
        login page comes first: the look-up waits for the page after it."""
        if self.stage != "start" or login:
            return None
        self.stage = "over"
        self.names = intent.names(title)
        return self._search(search_box)

    def next_name(self, intent: TaskIntent, search_box: bool) -> Move | None:
        """After the first name's page left a question about several named things unanswered, search
        the next name ("Pelin", after "Vellmar")."""
        if self.stage != "opened" or not intent.several_named:
            return None
        self.stage = "over"
        return self._search(search_box)

    def searched_for(self, query: str) -> None:
        """Code searched `query` for the navigator: open the best result next (see then)."""
        self.stage = "searched"
        self.searched.append(query)

    def _search(self, search_box: bool) -> Move | None:
        """Search for the next name not searched yet."""
        left = [n for n in self.names if n not in self.searched and n not in self.fruitless]
        if not search_box or not left:
            return None
        self.stage = "searched"
        self.searched.append(left[0])
        return "search_site", {"query": left[0]}

    def then(self, found: Results, intent: TaskIntent, title: str = "") -> Move | None:
        """After the search: open the best-matching result, once; when nothing matched, search the
        question's next name instead. A search that went straight to the thing (Trac's "#14" opens
        ticket 14: the page's title names it, and it is no list of results) is the page to read."""
        if self.stage != "searched":
            return None
        self.stage = "over"
        if found_nothing(found) and self.searched:
            self.fruitless.add(self.searched[-1])
        name = self.searched[-1].casefold() if self.searched else ""
        listed = found.count is not None or found.none is not None or "search" in title.casefold()
        if name and name in title.casefold() and not listed:
            self.stage = "opened"
            return None
        element = best_result(found, intent, self.searched[-1] if self.searched else "")
        if element is None:
            return self._search(search_box=True)
        self.stage = "opened"
        return "click", {"element": element}


def record_with(codes: list[str], records: list[Record], narrowed: bool = False) -> Record | None:
    """The one record of a list that holds one of the codes; None when none or several do. A list of one
    record is taken only when a search `narrowed` it to that record ("MCPKL" searched: one order left);
    else one block of a page that is no list could pass for it."""
    if len(records) < (1 if narrowed else 2):
        return None
    holding = [r for r in records if any(code in plain(r.text) for code in codes)]
    return holding[0] if len(holding) == 1 else None


_QUERY_KEYS = frozenset({"q", "query", "search", "s", "keywords", "term", "text"})


def results_url(url: str) -> bool:
    """The URL of a site search's results: a search path, or a query parameter with words in it
    ("/search?q=memory+leak"): a list of previews, not the items they lead to."""
    parts = urlsplit(url)
    if any(k.lower() in _QUERY_KEYS and v.strip() for k, v in parse_qsl(parts.query)):
        return True
    return "search" in parts.path.lower().split("/") and bool(parts.query)
