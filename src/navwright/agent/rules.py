"""Every named rule a run can switch off (`navwright run --without NAME`, `RunSettings.without`): the
vetoes of actions (agent/vetoes.py), the guards of a step's finish and of the run's answer and the checks
of the verdict (agent/judge/), and the navigator's procedures and batch rules (agent/procedures/, left
out of a run's list by name; a few also have a settings flag). `apply_without` checks the names and
returns the run's settings without them."""

from __future__ import annotations

from navwright.agent.judge.answer import GUARDS as ANSWER_GUARDS
from navwright.agent.judge.checks import CHECKS
from navwright.agent.judge.finish import GUARDS as FINISH_GUARDS
from navwright.agent.procedures import procedure_names
from navwright.agent.settings import RunSettings
from navwright.agent.vetoes import VETOES

SWITCHES: dict[str, str] = {
    "reader": "reader", "compare": "compare", "form_procedure": "form_fill", "model_check": "verify",
    "site_functions_first": "site_functions_first", "finish_grounded": "finish_grounded_answers",
}
"""A rule's name -> the RunSettings flag that turns it on (the reader, compare and the form procedure
are also procedures of the navigator's list)."""


OTHERS = ("doubted_reading", "reader_on_subject", "asks_back", "compare_items", "question_starts_nothing",
          "language_left_alone", "retry_new_path", "stay_signed_in",
          "question_offered_no_change_form", "filled_not_pressed")
"""Rules inside a procedure or a writer: `doubted_reading`, a reader's answer that code would not confirm
is held and the step goes on, `reader_on_subject`, the reader is not called on a page that shows
none of the question's subject words, and `compare_items`, the most (or fewest) of a thing the list's
lines do not give is read on each item's own page (agent/procedures/answering.py); `asks_back`, the planner's
question to the person that is the person's own question is not asked (agent/asking.py);
`question_starts_nothing`, a question's menu offers no control that starts a new record ("New Ticket":
agent/starting.py); `language_left_alone`, no menu offers the page's language switcher while the task
names no language (agent/languages.py); `retry_new_path`, a step sent again with a failed step's words
is not offered the links that step followed from the same pages (agent/retried.py); `stay_signed_in`,
no menu offers "Log out" while the task does not ask to (agent/signout.py);
`question_offered_no_change_form`, a question's menu offers no field that `question_fills_nothing` would
refuse (agent/vetoes.py); and `filled_not_pressed`, a text field typed into on a page is offered to no
press there in the step (agent/filled.py)."""


def rule_names() -> list[str]:
    return sorted({*VETOES, *FINISH_GUARDS, *ANSWER_GUARDS, *CHECKS, *SWITCHES, *OTHERS, *procedure_names()})


def apply_without(settings: RunSettings) -> RunSettings:
    """`settings` with the procedures its `without` names switched off (their flags False); the vetoes
    and checks read `without` themselves."""
    flags = {SWITCHES[n]: False for n in settings.without if n in SWITCHES}
    return settings.model_copy(update=flags) if flags else settings


def without_help() -> str:
    """The help of a command's `--without` option: what it does and every name it takes."""
    return f"Switch off a named rule (repeatable): {', '.join(rule_names())}."
