"""Measure the non-model time of one action (observe + act + settle + observe + diff) on a simple page.

Run: .venv/bin/python tests/browser/session/measure_actions.py [rounds]
Prints the median and 90th percentile of ActionResult.ms per skill, and over all actions.
Not a test: timings vary with the machine; tests assert behaviour only.
"""

from __future__ import annotations

import asyncio
import statistics
import sys

from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession
from navwright.browser.skills import default_registry
from navwright.browser.skills.base import SkillContext

PAGE = """<title>Shop</title><h1>Checkout</h1>
<form><label for=n>Name</label><input id=n><label for=e>Email</label><input id=e type=email>
<label for=c>Country</label><select id=c><option>France</option><option>Spain</option></select>
<label><input type=checkbox id=t> Accept terms</label>
<button type=button onclick="document.getElementById('msg').textContent = 'At ' + Date.now()">Check</button>
</form><p id=msg></p>""" + "".join(f"<p>Paragraph {i} of filler text about products.</p>" for i in range(40))


async def main(rounds: int) -> None:
    reg = default_registry()
    times: dict[str, list[float]] = {}
    async with BrowserSession() as session:
        ctx = SkillContext(session=session)
        await session.page.set_content(PAGE)
        ids = {e.name: e.id for e in (await observe(session.page, "fields")).elements}
        plan = [
            ("click", {"element": ids["Check"]}),
            ("type_text", {"element": ids["Name"], "text": "Ada Lovelace"}),
            ("select_option", {"element": ids["Country"], "option": "Spain"}),
            ("set_checked", {"element": ids["Accept terms"], "checked": True}),
            ("set_checked", {"element": ids["Accept terms"], "checked": False}),
            ("press_key", {"key": "Tab"}),
            ("scroll", {"direction": "down"}),
            ("scroll", {"direction": "up"}),
        ]
        for _ in range(rounds):
            for name, params in plan:
                s = reg.get(name)
                result = await s.run(ctx, s.params.model_validate(params))
                assert result.ok, result.error
                times.setdefault(name, []).append(result.ms)
    every = [t for ts in times.values() for t in ts]
    for name, ts in [*times.items(), ("ALL", every)]:
        q = statistics.quantiles(ts, n=10)
        print(f"{name:14} n={len(ts):4}  median {statistics.median(ts):6.1f} ms  p90 {q[-1]:6.1f} ms")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
