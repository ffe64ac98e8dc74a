"""The one way to build a runner: from its kind (what its workers run) and where they run."""

from __future__ import annotations

from typing import overload

from navwright.runners.kind import J, O, Runner, WorkerKind
from navwright.runners.line import LineKind, LineRunner
from navwright.runners.pool import InProcessRunner, ProcessPoolRunner


@overload
def make_runner(kind: WorkerKind[J, O], *, workers: int = 1, ray: str | None = None) -> Runner[J, O]: ...


@overload
def make_runner(kind: LineKind[J, O], *, workers: int = 1, ray: str | None = None) -> LineRunner[J, O]: ...


def make_runner(
    kind: WorkerKind[J, O] | LineKind[J, O], *, workers: int = 1, ray: str | None = None
) -> Runner[J, O] | LineRunner[J, O]:
    """Ray actors when `ray` is given ("local", "auto" or a cluster address), else up to `workers` local
    processes. A `WorkerKind` with one worker and no Ray runs in this process; a `LineKind`'s jobs always
    run in workers of their own (a server runs its in-process runs with no runner)."""
    if isinstance(kind, LineKind):
        if ray is not None:
            from navwright.runners.line_ray import RayLineRunner

            return RayLineRunner(kind, workers, ray)
        from navwright.runners.line_pool import ProcessLineRunner

        return ProcessLineRunner(kind, workers)
    if ray is not None:
        from navwright.runners.ray import RayRunner

        return RayRunner(kind, workers, ray)
    if workers == 1:
        return InProcessRunner(kind)
    return ProcessPoolRunner(kind, workers)
