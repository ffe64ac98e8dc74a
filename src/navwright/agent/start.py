"""The start of a service: what a person does on a page about the very thing they came to do ("Apply for
a residential parking permit", "Renew your passport"): press its one button that starts it ("Start
now", "Get started", "Apply online"), not a link beside it ("Check the status of an application").

For an action, once per step, when the page's title shares two or more of the task's words and the page
has exactly one such button. Code makes the click, with no model decision.
"""

from __future__ import annotations

import re

from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import letters
from navwright.browser.types import Observation

STARTS = re.compile(r"^(?:start(?: now| here| (?:your|an|the|my) application)?|begin(?: now)?|get started|"
                    r"apply(?: now| online| here)?|continue to (?:the )?application)$", re.IGNORECASE)
"""What the button that starts a service says, on its own."""
_ARROWS = re.compile(r"[\s→»>›]+$")
_SITE = frozenset({"city", "council", "government", "service", "services", "online", "website", "official"})


def start_button(intent: TaskIntent, obs: Observation) -> str | None:
    """The id of the page's one button that starts the service the task asks for, else None."""
    asked = set(intent.letters(min_len=4)) - _SITE
    titled = set(letters(obs.title, min_len=4)) - _SITE
    if len(asked & {_stem(w) for w in titled} | asked & titled) < 2:
        return None
    found = [e for e in obs.elements if e.role in {"link", "button"} and not e.disabled
             and STARTS.match(_ARROWS.sub("", e.name).strip())]
    return found[0].id if len(found) == 1 else None


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 4 else word
