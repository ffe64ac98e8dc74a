"""The demo task of `navwright demo`: find a product in the shop, add it to the cart, report the total.

The shop runs on 127.0.0.1; success is checked against the shop's own state (the cart holds the
cheapest item) and the answer (it states the cart total), not against the agent's word.
"""

from __future__ import annotations

import re
import statistics

from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape

from navwright.demo.cart import view_cart
from navwright.demo.catalog import Product
from navwright.demo.server import DemoShop, serve_demo


class DemoOutcome(BaseModel):
    success: bool
    status: str
    answer: str
    seconds: float
    model_calls: int
    why: str = ""


def demo_task(shop: DemoShop, category: str) -> str:
    """A shopping task over three pages: find a named product, add it to the cart, read the total."""
    return f"Add the {cheapest(shop, category).name} to the cart and tell me the cart total."


def cheapest(shop: DemoShop, category: str) -> Product:
    return min(shop.state.catalog.in_category(category), key=lambda p: p.price)


def check_outcome(shop: DemoShop, category: str, answer: str) -> tuple[bool, str]:
    """Did a cart end up holding the cheapest item, and does the answer state that cart's total?"""
    catalog = shop.state.catalog
    item = cheapest(shop, category)
    carts = [view_cart(s, catalog) for s in shop.state.sessions.all() if s.cart]
    mine = [c for c in carts if any(line.product_id == item.id for line in c.lines)]
    if not mine:
        return False, f"no cart holds {item.name} (${item.price:.2f})"
    totals = {f"{c.total:.2f}" for c in mine}
    numbers = {f"{float(n.replace(',', '')):.2f}" for n in re.findall(r"\d[\d,]*\.?\d*", answer)}
    if not totals & numbers:
        return False, f"the answer does not state the cart total (${', $'.join(sorted(totals))})"
    return True, f"cart holds {item.name}; answer states the total"


async def run_demo(
    console: Console, *, runs: int = 1, category: str = "headphones", headed: bool = False,
    manifest: bool = True, model: str = "",
) -> int:  # fmt: skip
    """Run the demo task `runs` times on a fresh shop each; print a summary; 0 when every run succeeded."""
    from navwright.api import RunIO
    from navwright.api import run as run_task
    from navwright.console import ConsolePrinter

    outcomes: list[DemoOutcome] = []
    for i in range(runs):
        with serve_demo(manifest=manifest) as shop:
            if category not in shop.state.catalog.categories:
                known = ", ".join(sorted(shop.state.catalog.categories))
                console.print(f"no category {category!r}; try one of {known}", style="red", markup=False)
                return 2
            task = demo_task(shop, category)
            console.rule(escape(f"demo run {i + 1}/{runs}: {task}"))
            result = await run_task(
                task, url=shop.url + "/", model=model or None, headed=headed, yes=False,
                io=RunIO(sink=ConsolePrinter(console)),
            )  # fmt: skip
            ok, why = check_outcome(shop, category, result.answer)
            if result.status != "success":
                ok, why = False, result.error or f"the run ended as {result.status}"
            outcomes.append(DemoOutcome(success=ok, status=result.status, answer=result.answer,
                                        seconds=result.seconds, model_calls=result.model_calls, why=why))
            console.print(("[green]✓ " if ok else "[red]✗ ") + escape(why))
    _summary(console, outcomes)
    return 0 if all(o.success for o in outcomes) else 1


def _summary(console: Console, outcomes: list[DemoOutcome]) -> None:
    done = sum(o.success for o in outcomes)
    secs = statistics.median(o.seconds for o in outcomes)
    calls = statistics.median(o.model_calls for o in outcomes)
    console.print(
        f"[bold]demo: {done}/{len(outcomes)} runs succeeded; "
        f"median {secs:.1f} s and {calls:g} model calls per run"
    )
