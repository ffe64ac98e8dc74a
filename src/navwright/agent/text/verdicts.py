"""Why a run's answer was confirmed or not, as the verdict records it and the model reads it (a check's
`detail`: agent/judge/checks.py, the check call of judge/model_check.py, the refused actions the run
reports). A doubt of a read answer reaches the navigator as a "not taken" note. The checks decide; these
functions only write the sentence, from the values the checks pass in."""

from __future__ import annotations

from collections.abc import Iterable

# --- an answer to a question (judge/checks.py) ---


def quoted() -> str:
    return "the answer's facts are on lines the run saw"


def unquoted() -> str:
    return "no line a page showed is quoted for the answer"


def chrome_only(quote: str) -> str:
    """The only line quoted (`quote`) is a page's footer."""
    return f'the only line quoted is the page\'s chrome ("{quote[:80]}"), not about what was asked'


def task_echoed(quote: str) -> str:
    """The only line quoted (`quote`) says again what the task says."""
    return f'the only line quoted says again what the task says ("{quote[:80]}")'


def count_stated() -> str:
    return "a page states the count"


def count_marked() -> str:
    return "code counted the records the list marks"


def column_named(column: str) -> str:
    return f"the answer is the quoted row's {column}, the column the question names"


def other_column(cell: str, column: str, named: str) -> str:
    """The answer is a table row's `cell` under `column`; the question names the `named` column."""
    return f"the answer '{cell}' is the quoted row's {column}; the question asks its {named}"


def total_stated() -> str:
    return "a page states the answer's number as a total"


def total_whole() -> str:
    return "the line that shows the answer's number is the only one with a figure about what it names"


def total_part(number: float, subject: list[str]) -> str:
    """The answer's `number` is one of several lines about `subject`; the question asks their total."""
    return (f"the question asks what several records come to, and {_number(number)} is on one of several "
            f"lines about {' '.join(subject)} on its page, none of which states it as a total")


def time_stated() -> str:
    return "the answer says when"


def time_unstated() -> str:
    return "the question asks when, and the answer gives no date, day or time"


def other_role(name: str, role: str) -> str:
    return f"the page names {name} as '{role}', not in the role the question asks"


def subject_unshown(subject: list[str]) -> str:
    return (f"the page the answer was read on shows none of the question's words ({', '.join(subject)}) "
            "beside the site's own")


def count_unstated(counted: Iterable[str], given: Iterable[float]) -> str:
    """No page states the count (`given`, the answer's numbers) of the things `counted`."""
    what, numbers = " ".join(counted), ", ".join(map(_number, sorted(given)))
    return (f"no page states the count of {what} given ({numbers}); a count of rows the model read is "
            "not checked")


def element_number(number: str) -> str:
    """The answer's `number` is on the quoted lines only as an element's reference (`[15]`)."""
    return f"{number} is the number navwright gave an element, not a fact"


def compared(criterion: str) -> str:
    return f"code compared the list by {criterion}"


def page_compared() -> str:
    return "a line quoted says which is the most"


def not_compared(criterion: str) -> str:
    return f"the question asks for the best by {criterion}, and no list was compared"


def state_shown(state: str) -> str:
    return f"a line quoted shows the state the question asks about ({state})"


def state_unshown(state: str) -> str:
    """The answer says yes to whether something is `state`, and no line it quotes shows that."""
    return f"the answer says it is {state}, and no line it quotes shows '{state}'"


def answer_doubted(doubt: str) -> str:
    """Code held the answer as the best it had, and doubted it (`doubt`) when it read it."""
    return f"code doubted this answer when it read it: {doubt}"


# --- a change the task asks for (judge/checks.py) ---


def committed() -> str:
    return "the button that commits ran, approved"


def not_committed() -> str:
    return "the task asks to order, book, send or delete, and no button that does it ran"


def changed_before_failure() -> str:
    return "the site changed only in a step that did not end done (a save before a failure)"


def change_answered(refused: str) -> str:
    """The page answered the run's last action with `refused` ("No search results.")."""
    return f'the page answered the last action with "{refused[:120]}"'


def changed_not_done() -> str:
    return "the page changed only in a step that did not end done"


def change_shown() -> str:
    return "a page showed the change after the action"


def site_changed(controls: list[str]) -> str:
    return "an action changed what the site holds (" + ", ".join(f"'{c}'" for c in controls[:3]) + ")"


def site_unchanged() -> str:
    return ("no action of the run changed what the site holds (a save, a send, a mark…): pages were only "
            "opened, searched, filtered or typed into")


def change_unshown() -> str:
    return "no page showed the change the task asks for"


def values_shown(values: Iterable[str]) -> str:
    return f'the page that showed the change shows {", ".join(repr(v) for v in values)}'


def values_unshown(values: Iterable[str]) -> str:
    """The values a change sets that the lines showing it do not show."""
    return f'no page showed the change set {", ".join(repr(v) for v in values)}'


def change_elsewhere(codes: Iterable[str], quote: str) -> str:
    """The line `quote` that showed the change names none of the task's record `codes`."""
    return f'the page showed a change that does not name {", ".join(sorted(codes))} ("{quote[:100]}")'


def amount_set(count: int) -> str:
    return f"an action set {count}"


def amount_shown(count: int) -> str:
    return f"the page showed {count} after the commitment"


def amount_unset(count: int, unit: str) -> str:
    """The task orders `count` `unit`, and nothing set or showed that number."""
    return (f"the task asks for {count} {unit}, and no action set {count} nor did a page show it after "
            "the commitment")


def flow_finished() -> str:
    return "the page the run ended on asks for nothing more"


def flow_unfinished(still_asks: str) -> str:
    """The run ended on a page that still asks `still_asks` (a step of a checkout, an empty field)."""
    return (f"the run ended on a page that still asks for something ({still_asks}): the order or "
            "booking is not complete")


# --- the check call (judge/model_check.py) and what the run refused (run.py) ---


def check_invalid(error: str) -> str:
    """The check call's reply was no valid JSON (`error`)."""
    return f"the check call gave no valid reply ({error})"


def check_failed(error: str) -> str:
    """The check call could not be made (`error`: the exception's class name)."""
    return f"the check call failed ({error})"


def check_shows() -> str:
    return "a check call read the quoted lines as the answer"


def check_not_shows() -> str:
    return "a check call read the quoted lines as not showing this answer to this question"


def refused_action(message: str) -> str:
    """An action the run's vetoes refused, with the veto's `message`."""
    return f"refused an action: {message}"


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
