"""Where a navigator's answer may stop: after the first action that surely ends its batch.

A batch runs until an action changes the page (agent/navigator.py), and the model reads the new page
before it acts again; what it wrote after that action is never run. The 1.5B model fills its batch to
the limit all the same (five actions in most answers, of which one ran), and every token it writes
costs a tenth of a second on two cores. So the embedded model stops decoding after an action that
ends the batch for sure, read from what the skills declare and from the page's elements, never from
words: the step's finish, leaving the site's functions, a site function (its result is read first),
a search, going back or to the next page, a form filled and sent, a link to another page, and the
button of a form the batch has just filled. Anything else (a click on a button that may only open a
menu, a field, a checkbox) lets the model go on writing. A finish written right after the action that
ends the batch is kept: the navigator takes it when the page reacted as the model expected (a form
that thanks in place), saving a call; anything else after that action is not written. After a site
function nothing is kept: its result is read before any finish stands.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urldefrag, urljoin

from navwright.agent.actions import ref_id
from navwright.browser.skills.base import Skill
from navwright.browser.types import FILLS, ElementInfo

ENDS_ALWAYS = frozenset({"finish", "use_the_page"})
"""Actions of the reply itself that end the step or the site-function menu."""

NEXT_FINISH = ',{"name":"finish"'
"""How a finish after an action starts (the grammar writes each action's name first)."""

Action = Mapping[str, Any]


@dataclass(frozen=True)
class BatchEnd:
    """The actions of one menu that end a batch for sure, on the page the menu was made for."""

    skills: Mapping[str, Skill]
    elements: Mapping[str, ElementInfo]
    page_url: str
    read_first: frozenset[str] = frozenset()
    """Skills whose result the model reads before it acts again (the site's own functions)."""

    def closed(self, prefix: str) -> str | None:
        """The whole answer once `prefix` (what the model wrote so far) holds an action that ends the
        batch and what follows it can only be left unrun: the answer closed after that action, or
        after the finish the model wrote next (a finish may stand after a change the page made:
        agent/navigator.py reads it then). None while the model may still write something that runs."""
        cut, answer = _complete_actions(prefix)
        actions: list[Action] = answer.get("actions", [])
        end = next((i for i, a in enumerate(actions) if self.ends(a, actions[:i])), None)
        if end is None:
            return None
        if actions[end].get("name") in ENDS_ALWAYS or actions[end].get("name") in self.read_first:
            return _close(answer, end + 1)  # a finish after a call that returns data never stands
        if end + 1 < len(actions):  # what came after it is written whole: a finish stays, the rest goes
            return _close(answer, end + 2 if actions[end + 1].get("name") == "finish" else end + 1)
        tail = "".join(prefix[cut:].split())
        if tail.startswith("]") or NEXT_FINISH.startswith(tail) or tail.startswith(NEXT_FINISH):
            return None  # the model closes the answer itself, or may be writing a finish
        return _close(answer, len(actions))

    def ends(self, action: Action, before: Sequence[Action]) -> bool:
        name = action.get("name")
        if name in ENDS_ALWAYS or name in self.read_first:
            return True
        skill = self.skills.get(str(name))
        if skill is None:
            return False
        if skill.does in ("search", "go"):
            return True
        if skill.does == "send_form":
            return action.get("submit", True) is not False
        if skill.does == "press":
            return self._leaves(action) or self._sends(action, before)
        return False

    def _element(self, action: Action) -> ElementInfo | None:
        ref = action.get("element")
        return self.elements.get(ref_id(ref)) if isinstance(ref, str) else None

    def _leaves(self, action: Action) -> bool:
        """A press on a link to another page (not a place on this one, not a script's)."""
        element = self._element(action)
        if element is None or element.role != "link" or not element.href:
            return False
        target = urldefrag(urljoin(self.page_url, element.href)).url
        return target.startswith(("http://", "https://")) and target != urldefrag(self.page_url).url

    def _sends(self, action: Action, before: Sequence[Action]) -> bool:
        """A press on the button of a form that the batch filled a field of before it."""
        element = self._element(action)
        if element is None or element.role != "button" or not element.form:
            return False
        return any(self._fills(earlier, element.form) for earlier in before)

    def _fills(self, action: Action, form: str) -> bool:
        skill = self.skills.get(str(action.get("name")))
        element = self._element(action)
        return skill is not None and skill.does in FILLS and element is not None and element.form == form


def _complete_actions(prefix: str) -> tuple[int, dict[str, Any]]:
    """Where the last whole action of the answer `prefix` ends, and the answer up to there, closed."""
    for cut in (i + 1 for i in range(len(prefix) - 1, -1, -1) if prefix[i] == "}"):
        try:
            data = json.loads(prefix[:cut] + "]}")
        except ValueError:
            continue
        actions = data.get("actions") if isinstance(data, dict) else None
        if isinstance(actions, list) and actions and all(isinstance(a, dict) for a in actions):
            return cut, data
    return 0, {}


def _close(answer: dict[str, Any], count: int) -> str:
    """The answer with its first `count` actions (a thought before them stays)."""
    kept = {**answer, "actions": answer["actions"][:count]}
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"))
