"""What a run did, as memory will learn it: the actions done and the steps seen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from navwright.browser.skills.base import Skill
from navwright.browser.types import ActionResult
from navwright.memory.models import Descriptor


def origin(url: str | None) -> str:
    """scheme://host[:port] of a URL ("" for none or a non-web URL)."""
    parts = urlsplit(url or "")
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in {"http", "https"} and parts.netloc else ""


@dataclass
class Done:
    """An action that ran in this run, as it will be learned."""

    skill: Skill
    params: dict[str, Any]
    target: Descriptor | None
    result: ActionResult
    site: bool = False
    """A function of the site's own API (a manifest's), not a generic browser skill."""


@dataclass
class StepSeen:
    number: int
    request: str
    site: str = ""
    actions: list[Done] = field(default_factory=list)
    status: str = ""
    answer: str = ""
    learned: bool = False

    @property
    def changed_state(self) -> bool:
        return any(changed(a) for a in self.actions)


def changed(done: Done) -> bool:
    """The action changed the page and the page showed it, or a site function that changes the site's
    state answered it (an API's reply: "cart: 1 item"), as the navigator counts a change."""
    result, skill = done.result, done.skill
    if not result.ok or skill.read_only:
        return False
    return (skill.changes_page and result.visible_change) or (done.site and bool(result.text))


def kept(done: Done) -> bool:
    """An action a replay makes again: one that worked and acts, or a site function that read what a
    later action or the answer needs (the cart its total is read from); not the model's own reading
    of a page (read_page, find_in_page: a replay reads the page it ends on itself)."""
    return done.result.ok and (not done.skill.read_only or done.site)
