"""A control a rule refused is not offered again on that page (`refused_not_offered`).

A veto that judges the control itself (a question's press of a bill's "Submit", a field of a form that
makes a record, another record's "Cancel") refuses it whatever the model writes next time. The embedded
model, shown the same page and the same menu, picks it again: a question about a bill pressed the
edit page's refused "Submit" three times, 14–17 s a call. So, for the rest of the step, a control such
a veto refused is left out of the reply schema of every view of the page it was refused on (the page
still shows it, and the history says why). A refusal that depends on what was typed (a credential
copied from the page, a value nobody gave) holds nothing: the same field may take other text.
"""

from __future__ import annotations

from navwright.agent.trail import page_key
from navwright.browser.types import ActionResult, ElementInfo, Observation

REFUSED_NOT_OFFERED = "refused_not_offered"
CONTROL_VETOES = frozenset({"question_changes_nothing", "question_fills_nothing", "one_commit_per_record",
                            "commit_on_named_record"})
"""The vetoes (agent/vetoes.py) that judge the control, not what is typed into it."""

Refused = dict[str, frozenset[tuple[str, str]]]
"""Per page (agent/trail.py `page_key`), (id, label) of the controls a veto in `CONTROL_VETOES` refused:
the label too, since a page loaded again numbers its elements anew."""


def note_refusal(refused: Refused, target: ElementInfo | None, url: str, result: ActionResult) -> None:
    """Keep `target`, the control of an action on the page at `url`, when a control veto refused it:
    for the rest of the step on this page."""
    if result.refused_by not in CONTROL_VETOES or target is None:
        return
    page = page_key(url)
    refused[page] = refused.get(page, frozenset()) | {(target.id, target.name)}


def held_after_refusal(refused: Refused, obs: Observation) -> frozenset[str]:
    """Ids of this page's controls a control veto refused earlier in the step."""
    kept = refused.get(page_key(obs.url), frozenset())
    return frozenset(e.id for e in obs.elements if (e.id, e.name) in kept)
