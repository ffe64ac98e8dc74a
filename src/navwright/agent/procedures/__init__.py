"""The navigator's procedures and batch rules, listed in the order of its policy (the first procedure
that proposes acts), each switched off by its name with `--without NAME` (agent/rules.py).

A new procedure is a `Routine` (base.py) in the module of its family, put in `PROCEDURES` where it
should be tried; a new batch rule is a `Rule` in holds.py, put in `BATCH_RULES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from navwright.agent.procedure import StepRules
from navwright.agent.procedures.answering import (
    Compare,
    Confirmation,
    CountMarked,
    Reading,
    ReadLabel,
    ReadPost,
)
from navwright.agent.procedures.base import Means, Routine, Rule
from navwright.agent.procedures.filling import Copying, FormProcedure, Review, SendChosen, SetAmount, SignIn
from navwright.agent.procedures.finding import (
    Broaden,
    Checkout,
    EditNamed,
    LookUpProcedure,
    OpenCoded,
    OpenResult,
    Reference,
    Section,
    SiteFirst,
    Start,
)
from navwright.agent.procedures.holds import HoldUnfilled, KeepCodeValues, TypedAsWritten
from navwright.agent.procedures.presses import PRESSES

if TYPE_CHECKING:  # the rules' names are read (agent/rules.py) without loading the run's parts
    from navwright.agent.modelcall import Caller
    from navwright.agent.reader import Reader
    from navwright.agent.scope import RunScope
    from navwright.agent.wiring import Tools
    from navwright.browser.skills.base import SkillContext

PROCEDURES: tuple[type[Routine], ...] = (
    Compare, CountMarked, *PRESSES, SignIn, ReadLabel, ReadPost, Reading, SiteFirst, Checkout, OpenCoded,
    EditNamed, Reference, Start, Section, Broaden, OpenResult, LookUpProcedure, Copying, SetAmount,
    FormProcedure, Review, SendChosen, Confirmation,
)
"""The procedures in the order they are tried: a list's pick or count first, then what the request names to
press, signing in with what the task gives, the reader's answer from the matching lines, then the moves
that find and fill; `Confirmation` only reads the page after a commit."""
BATCH_RULES: tuple[type[Rule], ...] = (TypedAsWritten, HoldUnfilled, KeepCodeValues)


def procedure_names() -> list[str]:
    """Every procedure's and batch rule's name, each once, in the policy's order."""
    return list(dict.fromkeys([*(p.name for p in PROCEDURES), *(r.name for r in BATCH_RULES)]))


def step_rules(
    run: RunScope, tools: Tools, ctx: SkillContext, caller: Caller, reader: Reader | None,
    verifier: Caller | None = None,
) -> StepRules:
    """The run's procedures and batch rules, less those its settings switch off (`without`);
    `verifier`: the check call that reads a reader's answer before the step takes it."""
    searches = any(s.does == "search" for s in tools.skill_list())
    means = Means(run, ctx, caller, reader, searches, verifier=verifier)
    off = set(run.settings.without)
    return StepRules(procedures=[p(means) for p in PROCEDURES if p.name not in off],
                     batch=[r() for r in BATCH_RULES if r.name not in off], shared=means.shared)
