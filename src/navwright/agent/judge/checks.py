"""The checks code makes of a run's answer before it may say `success`, each a named function of a
`JudgeInput` that returns a `Check`, or None where it does not apply. `CHECKS` lists them.

For a question: a line a page showed is quoted; that line is not the page's chrome (a copyright footer)
nor the task said again; a count is a number a page states beside what was counted, not a number
navwright added (an element's `[15]`); a question about the cheapest, the best rated… was answered by a
comparison code made. For an action: the commitment it asks for was made; where it asks for a change,
an action changed what the site holds (pages opened, searched or typed into hold none); and a page showed
the change (naming the record's code, where the task gives one) and did not answer the last action
against it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from navwright.agent.acting import Worked
from navwright.agent.counting import code_counted
from navwright.agent.grounding import CHROME, Evidence, Seen, facts_of
from navwright.agent.judge.columns_asked import column_asked
from navwright.agent.judge.counts import counts_in, states_count, stems
from navwright.agent.judge.totals import total_stated
from navwright.agent.judge.verdict import Check
from navwright.agent.labels import meets
from navwright.agent.outcomes import StepReport
from navwright.agent.roles import misnamed
from navwright.agent.task.asks import content_stems
from navwright.agent.task.edits import shows_value
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.measure import superlative_in
from navwright.agent.task.tokens import STOP, number_value, numbers_in, word_set, words
from navwright.agent.text import verdicts
from navwright.browser.skills.dates import tells_time

REF = re.compile(r"\[[\w.]+\]")
"""An element's reference, added to the page's text by navwright."""
_ECHO = frozenset(("results", "result", "for", "search", "searched", "showing", "you", "query", "matching"))
"""Words a page puts around the question or the search it echoes ("Results for …")."""
"""A record's code as a task writes it: "#26", "MCPKL", "NV-2026-0042", "SW-488"."""
_ABOUT = content_stems(words(
    "article news page website site post item title name list give tell find show mention according record "
    "entry information detail number look check search see know want need please section category part "
    "area tab menu folder priciest "
    "cheapest cheaper expensive dearest best worst most least highest lowest largest smallest biggest "
    "latest earliest newest oldest recent first last fewest many much more less fewer "
    "date day time year author wrote written publish published posted"))
"""Words of a question about where its answer is, how it is picked or what kind of answer it wants (a
date, an author), not what it is about: a page need not show them."""
_REPLY = frozenset({"yes", "no", "not"})
"""Words an answer says yes or no with: they add nothing a page must show."""


@dataclass
class JudgeInput:
    """What a run's answer is judged on."""

    intent: TaskIntent
    asks: bool
    """The task asks for information: its answer must be shown by the lines quoted."""
    acts: bool
    """The task asks for a change: a page must show it (a task that asks both is checked for both)."""
    answer: str
    evidence: list[Evidence]
    seen: Seen
    reports: list[StepReport] = field(default_factory=list)
    committed: int = 0
    commit_asked: bool = False
    criterion: str | None = None
    """What a comparison of the question is by ("price"), when it asks for the cheapest, the best…"""
    worked: Worked = field(default_factory=Worked)
    """The values the run's actions set, and where its first commitment ran."""
    changed_by: list[str] = field(default_factory=list)
    """The controls (or site functions) whose actions changed what the site holds, in order (the
    guard's commits: agent/guard.py)."""
    still_asks: str | None = None
    """What the page the run ended on still asks (it is "Step 1 of 3", a required field is empty:
    agent/confirmation.py), for a task that acts."""


def quoted(j: JudgeInput) -> Check | None:
    if not j.asks:
        return None
    if not j.evidence:
        return Check(name="quoted", ok=False, detail=verdicts.unquoted())
    return Check(name="quoted", ok=True, detail=verdicts.quoted(),
                 quote=j.evidence[0])


def not_chrome(j: JudgeInput) -> Check | None:
    if not j.asks or not j.evidence:
        return None
    chrome = [e for e in j.evidence if CHROME.search(e.quote)]
    if len(chrome) < len(j.evidence):
        return None
    return Check(name="not_chrome", ok=False, quote=chrome[0],
                 detail=verdicts.chrome_only(chrome[0].quote))


def not_the_task(j: JudgeInput) -> Check | None:
    """A quoted line that only says again what the task says (the page echoing the question or the
    search typed) shows nothing of what the answer adds to it."""
    if not j.asks or not j.evidence:
        return None
    asked = j.intent.words
    adds = word_set(j.answer) - asked - STOP - _REPLY
    echoes = [e for e in j.evidence if word_set(REF.sub(" ", e.quote)) <= asked | _ECHO]
    if not adds or len(echoes) < len(j.evidence):
        return None
    return Check(name="not_the_task", ok=False, quote=echoes[0],
                 detail=verdicts.task_echoed(echoes[0].quote))


def count_stated(j: JudgeInput) -> Check | None:
    """A "how many" answer is a number a page states as a count, beside a word of what is counted or of
    the set (agent/judge/counts.py): not a reference such as Trac's report `{8}`, a price or a date; or
    the count code made of the records a list marks (agent/counting.py)."""
    if not j.asks or not j.intent.counted:
        return None
    wanted = counts_in(j.answer)
    if not wanted:
        return None
    if any(code_counted(j.answer, r) for r in j.reports):
        return Check(name="count_stated", ok=True, detail=verdicts.count_marked())
    counted = stems(j.intent.counted)
    for line in reversed(j.seen.lines):
        if states_count(REF.sub(" ", line.text), wanted, counted):
            return Check(name="count_stated", ok=True, detail=verdicts.count_stated(),
                         quote=j.seen.evidence(line))
    return Check(name="count_stated", ok=False, detail=verdicts.count_unstated(j.intent.counted, wanted))


def total_of_parts(j: JudgeInput) -> Check | None:
    """A question that asks for a total is not answered by one of its parts (agent/judge/totals.py)."""
    return total_stated(j.intent, j.answer, j.seen) if j.asks else None


def time_stated(j: JudgeInput) -> Check | None:
    """A question that asks when is answered by a date, a day or a time, or says there is none."""
    if not j.asks or not j.intent.wants_time:
        return None
    if tells_time(j.answer):
        return Check(name="time_stated", ok=True, detail=verdicts.time_stated())
    return Check(name="time_stated", ok=False, detail=verdicts.time_unstated())


def column_of_row(j: JudgeInput) -> Check | None:
    """A question that names a table's column is answered by that column's cell of the quoted row
    (agent/judge/columns_asked.py)."""
    return column_asked(j.intent, j.answer, j.evidence, j.seen) if j.asks and j.evidence else None


def role_asked(j: JudgeInput) -> Check | None:
    """A "who" answer names a person the quoted lines show in the role the question asks, not in
    another ("Reported by: Felipe Silva" for "Who owns ticket #14?"; agent/roles.py)."""
    if not j.asks or not j.evidence:
        return None
    names = [f for f in facts_of(j.answer) if f[:1].isupper()] or [j.answer.strip(" .")]
    found = misnamed(j.intent.who, names, [e.quote for e in j.evidence])
    if found is None:
        return None
    return Check(name="role_asked", ok=False, detail=verdicts.other_role(found.name, found.role))


def subject_shown(j: JudgeInput) -> Check | None:
    """The page an answer was read on shows a word of what the question asks about, beside the lines
    every page of the site shows (its name, its menu, its footer): a page about the rain garden answers
    no question about a composting workshop."""
    if not j.asks or not j.evidence:
        return None
    subject = subject_unshown(j.intent, j.seen, {e.url for e in j.evidence})
    if not subject:
        return None
    return Check(name="subject_shown", ok=False, detail=verdicts.subject_unshown(subject))


def subject_unshown(intent: TaskIntent, seen: Seen, urls: set[str]) -> list[str]:
    """The words of what the question asks about, beside the lines every page of the site shows (its
    name, its menu, its footer), when none of the pages at `urls` shows one of them; [] when one does."""
    pages = seen.lines_by_page()
    shared = set.intersection(*pages.values()) if len(pages) >= 2 else set()
    subject = intent.stems - _ABOUT - content_stems(words(" ".join(shared)))
    read = content_stems(w for url in urls for w in words(" ".join(pages.get(url, ()))))
    return [] if not subject or meets(read, subject) else sorted(subject)


def no_element_ids(j: JudgeInput) -> Check | None:
    """A number of the answer that the quoted lines show only as an element's reference (`[15]`)."""
    if not j.asks or not j.evidence:
        return None
    for match in numbers_in(j.answer):
        value = number_value(match)
        inside = [e for e in j.evidence if value in counts_in(" ".join(REF.findall(e.quote)))]
        bare = [e for e in j.evidence if value in counts_in(REF.sub(" ", e.quote))]
        if inside and not bare:
            return Check(name="no_element_ids", ok=False, quote=inside[0],
                         detail=verdicts.element_number(match.group(0)))
    return None


def compared(j: JudgeInput) -> Check | None:
    """A question about the cheapest, the best rated, the most… is answered by a comparison code made;
    for the most (or fewest) of a thing, by one a page made too: a line quoted says "the largest", "the
    most" ("Corva is the largest town…")."""
    if not j.asks or j.acts or j.criterion is None:  # an action's pick is judged by the change it made
        return None
    if any(r.about_task and r.status == "done" for r in j.reports):
        return Check(name="comparison_made", ok=True, detail=verdicts.compared(j.criterion))
    stated = page_compared(j.intent, j.evidence)
    if stated is not None:
        return Check(name="comparison_made", ok=True, quote=stated, detail=verdicts.page_compared())
    return Check(name="comparison_made", ok=False, detail=verdicts.not_compared(j.criterion))


def page_compared(intent: TaskIntent, evidence: list[Evidence]) -> Evidence | None:
    """The line quoted that says the superlative a count question asks for, the same way round ("the
    largest", "the biggest" for "the largest population"), if any."""
    criterion = intent.criterion
    if criterion is None or criterion.measure != "count":
        return None
    return next((e for e in evidence if superlative_in(e.quote) == criterion.lowest), None)


def committed(j: JudgeInput) -> Check | None:
    if not j.acts or not j.commit_asked:
        return None
    if j.committed:
        return Check(name="committed", ok=True, detail=verdicts.committed())
    return Check(name="committed", ok=False, detail=verdicts.not_committed())


def site_changed(j: JudgeInput) -> Check | None:
    """A task that commands a change of what the site holds ("mark order MCPKL as paid", "close ticket
    #14") ran an action that changed it: a control whose words change a record, a form sent that is not
    a search, a site function that writes. Pages opened, searched, filtered or typed into hold no change,
    whatever the page or the model's words say ("Order MCPKL has been marked as paid" after a search
    and a refused click)."""
    if not j.acts or not j.intent.changes or j.commit_asked:  # a commitment's own check is `committed`
        return None
    if j.changed_by:
        return Check(name="site_changed", ok=True, detail=verdicts.site_changed(j.changed_by))
    return Check(name="site_changed", ok=False, detail=verdicts.site_unchanged())


def change_shown(j: JudgeInput) -> Check | None:
    """A page showed the change in a step that ended done, and did not answer the run's last action
    against it ("No search results.", a field it refused)."""
    if not j.acts:
        return None
    acted = [r for r in j.reports if r.actions]
    changed = [r for r in j.reports if r.site_changes]
    if changed and all(r.status != "done" for r in changed):
        return Check(name="change_shown", ok=False, detail=verdicts.changed_before_failure())
    if acted and acted[-1].refused:
        return Check(name="change_shown", ok=False, detail=verdicts.change_answered(acted[-1].refused))
    shown = _shown(j)
    if not shown and any(r.changed_state for r in j.reports):
        return Check(name="change_shown", ok=False, detail=verdicts.changed_not_done())
    if shown:
        return Check(name="change_shown", ok=True, detail=verdicts.change_shown(),
                     quote=shown[-1].evidence[-1] if shown[-1].evidence else None)
    return Check(name="change_shown", ok=False, detail=verdicts.change_unshown())


def _shown(j: JudgeInput) -> list[StepReport]:
    """The steps that ended done in which an action visibly changed the page."""
    return [r for r in j.reports if r.changed_state and r.status == "done"]


def change_on_task(j: JudgeInput) -> Check | None:
    """Where the task names its record by a code ("order MCPKL", "ticket #26"), the lines that showed
    the change name it too: "we have sent you an e-mail", after a password reset, shows no order paid."""
    shown = _shown(j)
    codes = j.intent.codes
    if not j.acts or not shown or not shown[-1].evidence or not codes:
        return None
    text = " ".join(e.quote for e in shown[-1].evidence)
    if any(re.search(rf"(?<![\w#]){re.escape(c)}(?!\w)", text) for c in codes):
        return None
    return Check(name="change_on_task", ok=False, quote=shown[-1].evidence[-1],
                 detail=verdicts.change_elsewhere(codes, shown[-1].evidence[-1].quote))


def value_shown(j: JudgeInput) -> Check | None:
    """Where the task's change sets values ("change its amount to 45.60"), the lines that showed the
    change show them: "The bill has been modified" alone may be another change of the bill."""
    shown = _shown(j)
    sets = j.intent.sets
    if not j.acts or not j.intent.edits or not sets or not shown:
        return None
    text = " ".join(e.quote for e in shown[-1].evidence)
    missing = [v for v in sets if not shows_value(text, v)]
    if not missing:
        return Check(name="value_shown", ok=True, detail=verdicts.values_shown(sets),
                     quote=shown[-1].evidence[-1] if shown[-1].evidence else None)
    return Check(name="value_shown", ok=False, detail=verdicts.values_unshown(missing))


_QUANTITY = re.compile(r"\b(?:qty|quantity|quantities|pcs|pieces|units?|count)\b|×|\bx\b", re.IGNORECASE)
"""Words a page puts beside how many of a thing an order or a cart holds ("Qty 2", "2 × Parka")."""


def amount_set(j: JudgeInput) -> Check | None:
    """Where the task orders or books more than one ("buy 2 pairs", "a table for four"), an action set
    that number (typed it, chose it, sent it to the site), or a page showed it beside a word of quantity
    after the commitment: an order of one pair is no order of two."""
    amount = j.intent.amount
    if not j.acts or amount is None:
        return None
    want = float(amount.count)
    if any(len(v) <= 24 and counts_in(v) == {want} for v in j.worked.values):
        return Check(name="amount_set", ok=True, detail=verdicts.amount_set(amount.count))
    after = j.seen.lines[j.worked.commit_seen:] if j.worked.commit_seen is not None else []
    unit = re.compile(rf"\b{re.escape(amount.unit[:4])}", re.IGNORECASE)
    for line in after:
        text = REF.sub(" ", line.text)
        if want in counts_in(text) and (_QUANTITY.search(text) or unit.search(text)):
            return Check(name="amount_set", ok=True, quote=j.seen.evidence(line),
                         detail=verdicts.amount_shown(amount.count))
    return Check(name="amount_set", ok=False, detail=verdicts.amount_unset(amount.count, amount.unit))


def flow_finished(j: JudgeInput) -> Check | None:
    """A purchase or a booking ends on a page that asks for nothing more: a checkout left on its first
    step, with the e-mail still to give, ordered nothing, whatever its progress bar names."""
    if not j.acts or not j.intent.orders:
        return None
    if j.still_asks is None:
        return Check(name="flow_finished", ok=True, detail=verdicts.flow_finished())
    return Check(name="flow_finished", ok=False, detail=verdicts.flow_unfinished(j.still_asks))


_DENIES = frozenset({"no", "not", "isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "hadn't"})
"""Words an answer says no with."""


def state_shown(j: JudgeInput) -> Check | None:
    """An answer that says yes to a question whether something is in a state ("…, and is it paid?")
    quotes a line that shows that state: "Yes, it is paid" read off the row "G7FN3 | … | Pending" is
    the model's guess. Quoted lines only: the page's filter "Paid" or a column's name shows no order
    paid. A "no" is left to the other checks."""
    state = j.intent.said.state
    if not j.asks or not j.evidence or state is None:
        return None
    said = words(j.answer)
    wanted = _stem4(state)
    if _DENIES & set(said) or not ("yes" in said or wanted in {_stem4(w) for w in said}):
        return None
    if any(wanted in {_stem4(w) for w in words(REF.sub(" ", e.quote))} for e in j.evidence):
        return Check(name="state_shown", ok=True, detail=verdicts.state_shown(state))
    return Check(name="state_shown", ok=False, detail=verdicts.state_unshown(state))


def _stem4(word: str) -> str:
    """A word's first four letters ("closed", "close" → "clos"): "unpaid" does not begin as "paid"."""
    return word[:4]


def answer_doubted(j: JudgeInput) -> Check | None:
    """The answer is not one that code doubted when it read it and held as the best it had (a preview on
    a page of search results, not the item it leads to): the step that ended on it found no better."""
    quotes = {e.quote for e in j.evidence}
    for report in j.reports:
        if report.doubt and report.answer and (report.answer in j.answer
                                                 or quotes & {e.quote for e in report.evidence}):
            return Check(name="answer_doubted", ok=False,
                         detail=verdicts.answer_doubted(report.doubt))
    return None


CHECKS: dict[str, Callable[[JudgeInput], Check | None]] = {
    "quoted": quoted,
    "not_chrome": not_chrome,
    "not_the_task": not_the_task,
    "count_stated": count_stated,
    "total_stated": total_of_parts,
    "no_element_ids": no_element_ids,
    "time_stated": time_stated,
    "role_asked": role_asked,
    "column_asked": column_of_row,
    "subject_shown": subject_shown,
    "comparison_made": compared,
    "committed": committed,
    "site_changed": site_changed,
    "change_shown": change_shown,
    "change_on_task": change_on_task,
    "value_shown": value_shown,
    "amount_set": amount_set,
    "flow_finished": flow_finished,
    "answer_doubted": answer_doubted,
    "state_shown": state_shown,
}


def code_checks(j: JudgeInput, without: frozenset[str] = frozenset()) -> list[Check]:
    return [c for name, check in CHECKS.items() if name not in without and (c := check(j)) is not None]

