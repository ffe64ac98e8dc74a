"""The planner's request of a navigator step, read once per step into a `StepRequest`: the rules of the
step (agent/procedures/, the batch rules, the finish's guards) read this, not the raw text."""

from __future__ import annotations

from dataclasses import dataclass

from navwright.agent.task.authored import author_of, recipient_of
from navwright.agent.task.intent import TaskIntent, parse
from navwright.agent.task.presses import Kind, edges, kind_asked, place_asked, quoted, ticks


@dataclass(frozen=True)
class StepRequest:
    """The step's request as typed facts (`read`)."""

    asked: TaskIntent
    """The planner's request as it gave it ("" when none): what a finish of the step is judged by."""
    on: TaskIntent
    """What the step works on: the planner's request, else the person's task. The facts below are
    read off it."""
    kind: Kind | None = None
    """The kind of element it tells to press, when it names one by kind alone (agent/kinds.py)."""
    place: int | None = None
    """The place of the result it tells to open ("the 7th search result": agent/ordinal.py)."""
    quoted: tuple[str, ...] = ()
    """The phrases it puts in quotes."""
    starts: str = ""
    """The beginning it quotes of a value ("starts with "Les"": agent/suggested.py)."""
    ends: str = ""
    """The end it quotes of a value ("ends with "ra"")."""
    edged: frozenset[str] = frozenset()
    """The quoted texts that say a value's beginning or end."""
    ticks: bool = False
    """It tells to tick the boxes it names (agent/unfilled.py)."""
    author: str | None = None
    """Who wrote the message it does something with (agent/authored.py)."""
    recipient: str | None = None
    """Whom it gives that message to, when not its author."""

    @property
    def text(self) -> str:
        """What the step works on, as written."""
        return self.on.text

    @property
    def parts(self) -> tuple[str, ...]:
        """What the step works on, cut into its commands (agent/task/parts.py)."""
        return self.on.parts


def read(asked: str, task: TaskIntent) -> StepRequest:
    """The planner's request `asked` of a step on the person's `task` (parsed once per its text: agent/
    control.py), read once."""
    mine = parse(asked)
    works_on = mine if asked else task
    on = works_on.text
    starts, ends, edged = edges(on)
    author = author_of(on)
    return StepRequest(asked=mine, on=works_on, kind=kind_asked(on),
                       place=place_asked(on), quoted=tuple(quoted(on)), starts=starts, ends=ends,
                       edged=edged, ticks=ticks(on), author=author,
                       recipient=recipient_of(on, author) if author is not None else None)
