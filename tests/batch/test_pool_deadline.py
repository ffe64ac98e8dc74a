"""A worker process whose job runs past its kind's deadline (a call stuck in native code, which no
cancel reaches) is stopped: the job is recorded as failed in words and the jobs left still run."""

from __future__ import annotations

import time
from types import TracebackType

from pydantic import BaseModel

from navwright.runners.kind import WorkerKind
from navwright.runners.pool import ProcessPoolRunner


class Nap(BaseModel):
    name: str
    seconds: float


class Woke(BaseModel):
    name: str
    ok: bool
    why: str = ""


class Sleeper:
    """A worker whose job blocks its process for the job's seconds, as a stuck native call would."""

    async def __aenter__(self) -> Sleeper:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        return None

    async def run(self, job: Nap) -> Woke:
        time.sleep(job.seconds)
        return Woke(name=job.name, ok=True)


def sleeper(number: int) -> Sleeper:
    return Sleeper()


def stuck(job: Nap, why: str) -> Woke:
    return Woke(name=job.name, ok=False, why=why)


async def test_a_job_past_the_deadline_is_stopped_and_the_jobs_left_still_run() -> None:
    kind = WorkerKind(make=sleeper, job=Nap, outcome=Woke, failure=stuck, label="test worker", deadline_s=3.0)
    outcomes: list[Woke] = []
    start = time.monotonic()
    jobs = [Nap(name="stuck", seconds=600), Nap(name="quick", seconds=0), Nap(name="after", seconds=0)]
    await ProcessPoolRunner(kind, workers=1).run(jobs, outcomes.append)
    assert time.monotonic() - start < 60
    assert {o.name: o.ok for o in outcomes} == {"stuck": False, "quick": True, "after": True}
    assert "took more than 3 s" in next(o.why for o in outcomes if o.name == "stuck")
