"""A request of several commands as its parts, in order, and which of them the step's actions did.

"Expand the section below and click submit" is two things to do, in that order. A small model reading
it as one sentence does the last part alone (it clicked Submit with the section closed); the same
request shown as numbered parts, each marked when an action worked with what it names, is done in
order. The parts are cut inside a sentence, where a clause begins with a command (policy's words for
working the page, changing or committing something), never inside a list of things ("flame, furious
and calm"). Sentences are the planner's steps: "Log in as anna. Reply to Marta's email…" shown as two
parts had the model press Send before it typed the reply.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from playwright.async_api import Page

from navwright.agent.history import Entry
from navwright.agent.named import Named, hidden, named_elements, unseen
from navwright.browser.skills.hidden import hidden_holders
from navwright.browser.types import ElementInfo


@dataclass(frozen=True)
class Part:
    text: str
    done: bool = False


def progress(parts: Sequence[str], done: list[Entry]) -> list[Part]:
    """A request's parts (agent/task/parts.py), each marked done when an action of the step worked with
    something it names (the element clicked or typed into, the option chosen, the text typed): at most as
    many parts done as actions ran, each action counting for the first part it fits."""
    if len(parts) < 2:
        return [Part(p) for p in parts]
    marked = [False] * len(parts)
    for did in done:
        for i, text in enumerate(parts):
            if not marked[i] and any(_names(text, name) for name in did.names):
                marked[i] = True
                break
    return [Part(text, marked[i]) for i, text in enumerate(parts)]


def _names(text: str, name: str) -> bool:
    """`name` (an element's name, a typed value) is said in `text` as whole words."""
    name = name.strip().lower()
    return len(name) > 1 and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text.lower()) is not None


def next_part(parts: Sequence[str], done: list[Entry]) -> str:
    """The first part of a request no action did yet (the last one when all are marked)."""
    marked = progress(parts, done)
    return next((p.text for p in marked if not p.done), marked[-1].text)


def part_to_do(parts: Sequence[str], done: list[Entry]) -> str | None:
    """The first part of a request no action did yet; None when each part is marked done (the model
    typed the code and pressed "Check" itself: code pressing "Check" again sent it twice)."""
    return next((p.text for p in progress(parts, done) if not p.done), None)


def undone_part(parts: Sequence[str], done: list[Entry], elements: list[ElementInfo]) -> str | None:
    """A part of a request of several that no action did yet and that names an element the page shows
    ("press Submit", with Submit on the page): the request is not done while it is left."""
    marked = progress(parts, done)
    if len(marked) < 2:
        return None
    return next((p.text for p in marked if not p.done and named_elements(p.text, elements)), None)


async def named_next(page: Page, parts: Sequence[str], done: list[Entry],
                     elements: list[ElementInfo]) -> list[Named]:
    """The elements the next part of a request (`parts`) names, and the controls that show those it
    quotes that the page hides (a link in a closed tab)."""
    part = next_part(parts, done)
    named = named_elements(part, elements)
    return named + hidden(await hidden_holders(page, unseen(part, named)), elements)

