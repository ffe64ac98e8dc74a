"""A batch ends before an action it already holds (`no_repeat`).

The 1.5B model loops inside one answer: [click "Add", press Enter in "Add", click "Add", …], the same
link five times, "Submit" five times. In the traces of the apps and the suite (2026-12-02/03), 63 of 220
navigator answers held an action twice, and what they wrote from the first repeat on was 23 % of all the
navigator wrote, at a tenth of a second a token on two cores. An action written again runs, if at all,
on a page the model has not seen since it first wrote it: the model reads the page instead, and the
embedded model stops writing there (agent/batchend.py). A run of one press on one button ("+", "+",
"+") counts up on purpose and goes on; it stops being one at the first other action.
"""

from __future__ import annotations

from collections.abc import Sequence

from navwright.browser.types import ElementInfo


def presses_button(does: str | None, element: ElementInfo | None) -> bool:
    """An action that presses (a skill that `does` "press") a button: one that may count up."""
    return does == "press" and element is not None and element.role == "button"


def first_repeat(keys: Sequence[str], counts_up: Sequence[bool]) -> int | None:
    """The index of the first action that repeats an earlier one of the batch (`keys`: each action's
    name and parameters), but not one that continues an unbroken run of the same press on a button
    (`counts_up[i]`: action i presses a button)."""
    for index, key in enumerate(keys):
        if key not in keys[:index]:
            continue
        first = keys.index(key)
        if counts_up[index] and all(k == key for k in keys[first:index]):
            continue
        return index
    return None
