"""A question that names a column of a table is answered by that column's cell of the row, not by a
neighbouring one ("Which priority does ticket 4471 have?": the row's Priority, not its Status; "Who paid
for the plumber?": Who paid, not For whom). The quoted row's column headers come from the header row
seen above it on its page (agent/columns.py); the question names a column when every content word of
the header is one of its own words (beside its sentence about signing in), unless the question gives
that column's cell (the row's key: "4471" under Ticket). A header with no content word ("How much?",
"When?") is never named: a row that answers through it is not this check's to judge.
"""

from __future__ import annotations

from navwright.agent.columns import cells, column_name
from navwright.agent.grounding import Evidence, Seen
from navwright.agent.judge.verdict import Check
from navwright.agent.task.asks import content_stems
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import flat, number_set, word_set, words
from navwright.agent.text import verdicts


def column_asked(intent: TaskIntent, answer: str, evidence: list[Evidence], seen: Seen) -> Check | None:
    """Whether the answer's cells of a quoted table row lie in a column the question names; None when no
    quoted row has headers, the question names none of its columns (or all), or no cell is in the
    answer."""
    for quoted in evidence:
        header = seen.with_columns(quoted).columns
        row = cells(quoted.quote)
        if not header or not row:
            continue
        given = {i for i, cell in enumerate(row) if _given(cell, intent)}  # the row's key ("4471")
        named = [i for i, h in enumerate(header[: len(row)]) if i not in given and _names(intent, h)]
        holds = [i for i, cell in enumerate(row) if i not in given and _in_answer(cell, answer)]
        if not named or len(named) == len(row) or not holds:
            continue
        asked, answered = column_name(header[named[0]]), column_name(header[holds[-1]])
        if set(named) & set(holds):
            return Check(name="column_asked", ok=True, detail=verdicts.column_named(asked), quote=quoted)
        why = verdicts.other_column(row[holds[-1]], answered, asked)
        return Check(name="column_asked", ok=False, detail=why)
    return None


def _names(intent: TaskIntent, header: str) -> bool:
    stems = content_stems(words(header))
    return bool(stems) and stems <= intent.asked_stems


def _given(cell: str, intent: TaskIntent) -> bool:
    """The question gives the cell: the row's key, which says which row, not what is asked."""
    numbers = number_set(cell)
    return bool(numbers <= intent.said.numbers if numbers else word_set(cell) <= intent.said.words)


def _in_answer(cell: str, answer: str) -> bool:
    """The cell's first number is one of the answer's numbers, or the cell's words are in it."""
    numbers = number_set(cell)
    if numbers:
        first = number_set(cell.split()[0])  # a cell with a number has a first word
        return bool(first) and first <= number_set(answer)
    text = flat(cell)
    return len(text) >= 2 and text in flat(answer)
