"""The demo task with the shop's site API manifest published and not: success, actions, calls, seconds.

Each run gets a fresh demo shop; success is judged from the shop's own state (the cheapest item is in
a cart) and the answer (it states that cart's total), as `navwright.demo.task` does. Confirmations
(the site API's add_to_cart needs one) are approved and counted. Runs are built by navwright.build
(through navwright.api.run), with the site-function source fenced to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import statistics
import time

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from navwright.agent.events import ActionDone, Event
from navwright.agent.outcomes import RunResult
from navwright.agent.user import AskKind
from navwright.demo import serve_demo
from navwright.demo.task import check_outcome, demo_task


class SiteRun(BaseModel):
    manifest: bool
    success: bool
    status: str
    actions: int
    site_calls: int
    model_calls: int
    prompt_tokens: int
    seconds: float
    confirmations: int
    why: str = ""


class SitesReport(BaseModel):
    category: str
    model: str
    runs: list[SiteRun] = Field(default_factory=list)


class _Counter:
    """Event sink that keeps the actions; user channel that approves and counts confirmations."""

    def __init__(self, site_names: set[str]) -> None:
        self.site_names = site_names
        self.actions: list[str] = []
        self.confirmations = 0

    def emit(self, event: Event) -> None:
        if isinstance(event, ActionDone):
            self.actions.append(event.action)

    async def ask(self, question: str, kind: AskKind) -> str | None:
        if kind != "confirm":
            return None
        self.confirmations += 1
        return "yes"


async def _one(manifest: bool, category: str, model: str, timeout: float) -> SiteRun:
    from navwright.api import RunIO
    from navwright.api import run as run_task

    counter = _Counter({"search_products", "add_to_cart", "view_cart"})
    with serve_demo(manifest=manifest) as shop:
        started = time.monotonic()
        try:
            result = await asyncio.wait_for(run_task(
                demo_task(shop, category), url=shop.url + "/", model=model, allowed_domains=["127.0.0.1"],
                io=RunIO(sink=counter, user=counter),
            ), timeout)  # fmt: skip
        except TimeoutError:
            result = RunResult(
                status="failed", error=f"no result within {timeout:g} s", seconds=time.monotonic() - started
            )
        ok, why = check_outcome(shop, category, result.answer)
    if result.status != "success":
        ok, why = False, result.error or f"the run ended as {result.status}"
    return SiteRun(
        manifest=manifest,
        success=ok,
        status=result.status,
        actions=len(counter.actions),
        site_calls=sum(a in counter.site_names for a in counter.actions),
        model_calls=result.model_calls,
        prompt_tokens=result.prompt_tokens,
        seconds=result.seconds,
        confirmations=counter.confirmations,
        why=why,
    )


async def run_sites_bench(
    *,
    runs: int = 3,
    model: str = "embedded",
    category: str = "mice",
    timeout: float = 300.0,
    console: Console | None = None,
) -> SitesReport:
    """`runs` runs with the manifest, then `runs` without, each on a fresh shop (progress to `console`)."""
    report = SitesReport(category=category, model=model)
    for manifest in (True, False):
        for i in range(runs):
            done = await _one(manifest, category, model, timeout)
            report.runs.append(done)
            if console is not None:
                console.print(
                    f"manifest {'on' if manifest else 'off'} run {i + 1}/{runs}: "
                    f"{'ok' if done.success else 'failed'}, {done.actions} actions "
                    f"({done.site_calls} site calls), {done.model_calls} model calls, "
                    f"{done.seconds:.1f} s. {done.why}"
                )
    return report


def print_sites_report(report: SitesReport, console: Console) -> None:
    table = Table(title=f"demo task ({report.category}), model {report.model}: medians per run")
    for column in ("manifest", "success", "actions", "site calls", "model calls", "prompt tokens", "seconds"):
        table.add_column(column, justify="right")
    for manifest in (True, False):
        rows = [r for r in report.runs if r.manifest == manifest]
        if not rows:
            continue
        table.add_row(
            "on" if manifest else "off",
            f"{sum(r.success for r in rows)}/{len(rows)}",
            f"{statistics.median(r.actions for r in rows):g}",
            f"{statistics.median(r.site_calls for r in rows):g}",
            f"{statistics.median(r.model_calls for r in rows):g}",
            f"{statistics.median(r.prompt_tokens for r in rows):g}",
            f"{statistics.median(r.seconds for r in rows):.1f}",
        )
    console.print(table)
    for r in report.runs:
        if not r.success:
            console.print(f"manifest {'on' if r.manifest else 'off'}: failed ({r.status}): {r.why}")
