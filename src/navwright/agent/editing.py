"""The edit of the record a change is about: on a list of records (a table of bills, a page listing),
the one record the task's words tell apart ("The water bill of 21 March 2024 …: change its amount"), and
its own control that opens it for editing ("edit", "Modify"). A person changes a record from its own
form, reached from the list; none is chosen when two records fit equally, or the record has no such
control (its "delete" is never one)."""

from __future__ import annotations

from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import STOP, telling, word_set, words
from navwright.browser.skills.dates import dates_in
from navwright.browser.skills.records import Record

EDITS = frozenset({"edit", "modify", "change", "update", "rename", "manage"})
"""The first word of a record's control that opens it for editing."""
MIN_SCORE = 2
"""Telling words (a date counts as two) a record must share with the task to be the one it names."""


def edit_control(intent: TaskIntent, records: list[Record]) -> str | None:
    """The id of the edit control of the one record of `records` the task names, or None."""
    chosen = named_record(intent, records)
    if chosen is None:
        return None
    return next((c.id for c in chosen.controls if words(c.name)[:1] and words(c.name)[0] in EDITS), None)


def named_record(intent: TaskIntent, records: list[Record]) -> Record | None:
    """The one record that shares the most of the task's telling words and dates, with MIN_SCORE or
    more: words that some records have and others do not ("water", "2024-03-21"), not the list's own."""
    if len(records) < 2:
        return None
    sets = [word_set(r.text) for r in records]
    asked = {w for w in intent.words if w not in STOP} & telling(sets)
    scores = [len(asked & s) + 2 * len(intent.days & {d for _, d in dates_in(r.text)})
              for r, s in zip(records, sets, strict=True)]
    best = max(scores)
    if best < MIN_SCORE or scores.count(best) > 1:
        return None
    return records[scores.index(best)]
