"""The count procedure: what a person does when asked "how many unread messages from Ben Ortiz are in my
inbox?" on a list that marks its unread rows only visually (a class, bold type, a dot). Among the
records of the whole list that name what the question names, count those the page marks as the
question's word says. Code does the counting, with no model decision; the navigator's work is to reach
the list (a search narrows it).

It answers only when the page marks records that way: some record carries a mark that is a word of
what the question counts ("unread" of "unread messages"), or, for a word of the unread or the new,
some records are bold and others not. It says nothing on a list of more than one page, nor on one
where no record names what the question names.
"""

from __future__ import annotations

from dataclasses import dataclass

from navwright.agent.grounding import Evidence
from navwright.agent.judge.counts import counts_in
from navwright.agent.outcomes import StepReport
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.measure import stem, stems
from navwright.browser.skills.records import Record, Records

BOLD_MARKS = frozenset({"unread", "new", "unseen"})
"""What a list of messages or posts marks with bold type alone (an inbox's unread rows)."""
BOLD = "bold"
"""The mark records.js gives a record in bold type among records that are not."""
TOP = 8
"""Counted records quoted in the evidence."""


@dataclass(frozen=True)
class Counted:
    """How many of the records that fit the question carry its mark."""

    mark: str
    """The question's word the records are marked by ("unread")."""
    marked: list[Record]
    fitting: list[Record]
    names: list[str]
    """The question's names each fitting record mentions ("Ben Ortiz")."""
    url: str

    @property
    def answer(self) -> str:
        which = f" among those that mention {', '.join(self.names)}" if self.names else ""
        return f"{len(self.marked)} (the records marked {self.mark}{which})"

    @property
    def evidence(self) -> list[Evidence]:
        shown = self.marked or self.fitting
        return [Evidence(url=self.url, quote=r.text[:160]) for r in shown[:TOP]]


def marked_count(intent: TaskIntent, found: Records, url: str) -> Counted | None:
    """The count of the records that fit a "how many" question and carry its mark, on a whole list
    that marks records that way; None when the list does not, goes on, or names nothing asked."""
    whole = not found.more and not found.part and found.total == len(found.records)
    if not intent.counted or not whole or len(found.records) < 2:
        return None
    mark = _mark_of(intent.counted, found.records)
    if mark is None:
        return None
    names = _names(intent, found)
    if names is None:
        return None
    fit = [r for r in found.records if all(_mentions(r.text, n) for n in names)]
    if not fit:
        return None
    marked = [r for r in fit if _carries(r, mark)]
    return Counted(mark, marked, fit, names, url)


def _mark_of(counted: tuple[str, ...], records: list[Record]) -> str | None:
    """The word of what is counted that the list marks records by: a mark some record carries, or a
    word of the unread or the new where bold type sets records apart. Not the word for the thing
    counted itself (the last: "messages" of "unread messages"), unless it is the only one."""
    qualifiers = [w.casefold() for w in (counted[:-1] if len(counted) > 1 else counted)]
    marks = {m for r in records for m in r.marks}
    for word in qualifiers:
        if word in marks or (word in BOLD_MARKS and BOLD in marks):
            return word
    return None


def _carries(record: Record, mark: str) -> bool:
    return mark in record.marks or (mark in BOLD_MARKS and BOLD in record.marks)


def _names(intent: TaskIntent, found: Records) -> list[str] | None:
    """The question's names that records mention ("Ben Ortiz"), which the records counted must mention;
    a name no record mentions is the list's own when its title or headings show it ("Inbox", "Search
    results for Ben Ortiz"); None when neither does."""
    listed = stems(" ".join([found.title, *found.headings]))
    out = []
    for run in intent.comparing.names:
        name = " ".join(run)
        if any(_mentions(r.text, name) for r in found.records):
            out.append(name)
        elif not all(stem(w) in listed for w in run):
            return None
    return out


def _mentions(text: str, name: str) -> bool:
    said = stems(text)
    return all(stem(w) in said for w in name.split())


def code_counted(answer: str, report: StepReport) -> bool:
    """The answer gives the count code made in the step that `report` ends."""
    return report.counted and report.status == "done" and bool(counts_in(answer) & counts_in(report.answer))


def counted_evidence(answer: str, report: StepReport | None) -> Evidence | None:
    """A record code counted, when the answer gives code's count: what the answer tells the person, though
    no line states the number (the run's `answer_informs` guard)."""
    if report is None or not report.evidence or not code_counted(answer, report):
        return None
    return report.evidence[0]
