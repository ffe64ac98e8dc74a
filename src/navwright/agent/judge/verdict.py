"""A run's verdict: `success` only when every check passed; `unverified` when one could not be passed,
with the run's best answer and what could not be confirmed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, TypeVar

from pydantic import BaseModel, Field

from navwright.agent.grounding import Evidence

Judged = Literal["success", "unverified"]
T = TypeVar("T")


def first_refusal(guards: Mapping[str, Callable[[T], str | None]], judged: T,
                  without: frozenset[str] = frozenset()) -> str | None:
    """Why the first guard (in order, less those switched off) refuses `judged`, or None."""
    return next((why for name, guard in guards.items()
                 if name not in without and (why := guard(judged)) is not None), None)


class Check(BaseModel):
    """One check of a verdict: its name (switchable with `--without NAME`), whether it passed, why."""

    name: str
    ok: bool
    detail: str
    quote: Evidence | None = None


class RunVerdict(BaseModel):
    checks: list[Check] = Field(default_factory=list)

    @property
    def status(self) -> Judged:
        return "success" if all(c.ok for c in self.checks) else "unverified"

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def why_not(self) -> str:
        """What could not be confirmed, in words."""
        return "; ".join(c.detail for c in self.failed)
