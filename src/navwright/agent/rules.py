"""Every named rule a run can switch off (`navwright run --without NAME`, `RunSettings.without`): the
vetoes of actions (agent/vetoes.py), the checks of the verdict (agent/judge/), and the procedures that
have a settings switch. `apply_without` checks the names and returns the run's settings without them."""

from __future__ import annotations

from navwright.agent.judge.checks import CHECKS
from navwright.agent.settings import RunSettings
from navwright.agent.vetoes import VETOES

SWITCHES: dict[str, str] = {
    "reader": "reader", "compare": "compare", "form_procedure": "form_fill", "model_check": "verify",
    "site_functions_first": "site_functions_first", "finish_grounded": "finish_grounded_answers",
}
"""A procedure's name -> the RunSettings flag that turns it on."""


def rule_names() -> list[str]:
    return sorted({*VETOES, *CHECKS, *SWITCHES})


def apply_without(settings: RunSettings) -> RunSettings:
    """`settings` with the procedures its `without` names switched off (their flags False); the vetoes
    and checks read `without` themselves."""
    flags = {SWITCHES[n]: False for n in settings.without if n in SWITCHES}
    return settings.model_copy(update=flags) if flags else settings
