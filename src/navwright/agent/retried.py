"""A request tried again takes another path (`retry_new_path`).

A step that failed is often sent again with the same words from another page ("Which news article
mentions a hot composting workshop?" after the first try ended on an event's page). The embedded model
answers the same prompt the same way: the second try opened "News", then "Events", then the same
event, searched the same words and ended where the first had, 46 s later. So a step whose request a
failed step of the run had, word for word, is not offered on a page the links the model followed there
in the failed try (same page, same label): it may pass through the same pages, but leaves them by
another way. Links code followed, go_back and every other control stay offered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from navwright.agent.task.tokens import joined
from navwright.agent.trail import page_key
from navwright.browser.types import ActionResult, ElementInfo, Observation

RETRY_NEW_PATH = "retry_new_path"
Followed = frozenset[tuple[str, str]]
"""(page, label) of the links the model followed from that page."""


def followed_link(
    obs: Observation, pressed: ElementInfo | None, result: ActionResult
) -> tuple[str, str] | None:
    """(page, label) when the model's press of a link on `obs` worked and led to another page."""
    if pressed is None or pressed.role != "link" or not result.ok or not result.navigated:
        return None
    return page_key(obs.url), pressed.name


def held_on_retry(avoid: Followed, obs: Observation) -> frozenset[str]:
    """Ids of the links on this page that a failed try of the same request followed from it."""
    if not avoid:
        return frozenset()
    page = page_key(obs.url)
    return frozenset(e.id for e in obs.elements if e.role == "link" and (page, e.name) in avoid)


@dataclass
class Tries:
    """The links each failed request's tries followed, in one run, by the request's words."""

    failed: dict[str, Followed] = field(default_factory=dict)

    def avoid(self, request: str) -> Followed:
        """What a new step with these words leaves alone: what its failed tries followed."""
        return self.failed.get(joined(request), frozenset())

    def ended(self, request: str, status: str, followed: Followed) -> None:
        """A step with these words ended with `status` having followed `followed`."""
        if status == "failed" and followed:
            key = joined(request)
            self.failed[key] = self.failed.get(key, frozenset()) | followed
