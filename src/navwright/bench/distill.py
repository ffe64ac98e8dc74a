"""Distillation benchmark: observe saved pages (network blocked) in each mode and report sizes and times.

`run_distill_bench` measures; `print_distill_report` prints the rich table. Optionally runs
browser-use's page-state capture (bench/browser_use_capture.py) with another venv's python and
reports it side by side.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.async_api import BrowserContext, Route, async_playwright
from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from navwright.browser.observe import install_script, observe
from navwright.browser.render import estimate_tokens
from navwright.browser.types import ObserveMode

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
MODES: tuple[ObserveMode, ...] = ("all", "fields", "text")
ESTIMATOR = "word-piece regex (navwright.browser.render.estimate_tokens)"
ORIGIN = "http://127.0.0.1:9"


class ModeFigures(BaseModel):
    chars: int
    tokens: int
    kept: int
    reduction_pct: float
    ms_in_page: float
    ms_total: float


class BrowserUseFigures(BaseModel):
    chars: int
    elements: int
    ms: float


class PageFigures(BaseModel):
    page: str
    raw_bytes: int
    dom_elements: int
    interactive_found: int
    modes: dict[str, ModeFigures]
    browser_use: BrowserUseFigures | None = None
    error: str | None = None


class DistillReport(BaseModel):
    estimator: str = ESTIMATOR
    pages: list[PageFigures] = Field(default_factory=list)
    medians: dict[str, float] = Field(default_factory=dict)
    browser_use_note: str | None = None


async def _measure_page(context: BrowserContext, path: Path) -> PageFigures:
    body = path.read_bytes()
    url = f"{ORIGIN}/{path.name}"

    async def route(r: Route) -> None:
        if r.request.url == url:
            await r.fulfill(status=200, body=body, headers={"content-type": "text/html"})
        else:
            await r.abort()

    page = await context.new_page()
    try:
        await page.route("**/*", route)
        await page.goto(url, wait_until="load", timeout=20000)
        dom = await page.evaluate("document.getElementsByTagName('*').length")
        figures: dict[str, ModeFigures] = {}
        found = 0
        for mode in MODES:
            obs = await observe(page, mode)
            found = max(found, len(obs.elements))
            figures[mode] = ModeFigures(
                chars=len(obs.text),
                tokens=estimate_tokens(obs.text),
                kept=len(obs.elements),
                reduction_pct=round(100 * (1 - len(obs.text.encode()) / max(1, len(body))), 2),
                ms_in_page=obs.ms_in_page,
                ms_total=obs.ms_total,
            )
        found = await page.evaluate("document.querySelectorAll('[data-nw]').length")
        return PageFigures(page=path.name, raw_bytes=len(body), dom_elements=dom,
                           interactive_found=found, modes=figures)
    except Exception as exc:  # a broken page is reported, the run goes on
        return PageFigures(page=path.name, raw_bytes=len(body), dom_elements=0, interactive_found=0,
                           modes={}, error=str(exc).splitlines()[0])
    finally:
        await page.close()


def _medians(pages: list[PageFigures]) -> dict[str, float]:
    ok = [p for p in pages if not p.error]
    med: dict[str, float] = {}
    if not ok:
        return med
    med["raw_bytes"] = statistics.median(p.raw_bytes for p in ok)
    med["dom_elements"] = statistics.median(p.dom_elements for p in ok)
    med["interactive_found"] = statistics.median(p.interactive_found for p in ok)
    for mode in MODES:
        for key in ModeFigures.model_fields:
            med[f"{mode}.{key}"] = statistics.median(getattr(p.modes[mode], key) for p in ok)
    bu = [p.browser_use for p in ok if p.browser_use]
    if bu:
        med["browser_use.chars"] = statistics.median(b.chars for b in bu)
        med["browser_use.elements"] = statistics.median(b.elements for b in bu)
        med["browser_use.ms"] = statistics.median(b.ms for b in bu)
    return med


def _browser_use(
    pages_dir: Path, python: Path, limit: int | None
) -> tuple[dict[str, BrowserUseFigures], str]:
    """Run the capture script with browser-use's own python; return figures by page and a note."""
    script = Path(__file__).with_name("browser_use_capture.py")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bu.json"
        cmd = [str(python), str(script), str(pages_dir), str(out)]
        if limit:
            cmd.append(str(limit))
        env = {**os.environ, "ANONYMIZED_TELEMETRY": "false"}  # browser-use must not try to phone home
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=3600, check=False, env=env)
        if done.returncode != 0 or not out.exists():
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            return {}, f"browser-use capture failed: {tail[0]}"
        data = json.loads(out.read_text())
    figs = {name: BrowserUseFigures.model_validate(v) for name, v in data["pages"].items() if "chars" in v}
    return figs, data.get("note", "")


async def run_distill_bench(
    pages_dir: Path,
    out: Path | None = None,
    *,
    limit: int | None = None,
    browser_use_python: Path | None = None,
    chromium: str = "/usr/bin/chromium",
) -> DistillReport:
    """Observe every .html in `pages_dir` (first `limit` files) in each mode; write JSON to `out`."""
    files = sorted(pages_dir.glob("*.html"))[:limit]
    report = DistillReport()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        context = await browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
        await context.add_init_script(install_script())  # as navwright's own browser session does
        for path in files:
            report.pages.append(await _measure_page(context, path))
        await browser.close()
    if browser_use_python is not None:
        figs, note = await asyncio.to_thread(_browser_use, pages_dir, browser_use_python, limit)
        for p in report.pages:
            p.browser_use = figs.get(p.page)
        report.browser_use_note = note
    report.medians = _medians(report.pages)
    if out is not None:
        out.write_text(report.model_dump_json(indent=1))
    return report


def print_distill_report(
    report: DistillReport, console: Console | None = None, per_page: bool = True
) -> None:
    """Per-page rows (optional) and the medians, as rich tables."""
    console = console or Console()
    if per_page:
        table = Table(title="Distillation per page", show_lines=False)
        for col in ("page", "raw KB", "DOM el", "found", "kept all", "all ch", "all tok", "red %",
                    "fields ch", "text ch", "ms page", "ms total", "bu ch", "bu el", "bu ms"):
            table.add_column(col, justify="right" if col != "page" else "left")
        for p in report.pages:
            if p.error:
                table.add_row(p.page[:28], f"{p.raw_bytes / 1024:.0f}", "error: " + p.error[:60])
                continue
            a, b = p.modes["all"], p.browser_use
            table.add_row(
                p.page[:28], f"{p.raw_bytes / 1024:.0f}", str(p.dom_elements), str(p.interactive_found),
                str(a.kept), str(a.chars), str(a.tokens), f"{a.reduction_pct:.1f}",
                str(p.modes["fields"].chars), str(p.modes["text"].chars), f"{a.ms_in_page:.1f}",
                f"{a.ms_total:.1f}", str(b.chars) if b else "-", str(b.elements) if b else "-",
                f"{b.ms:.0f}" if b else "-",
            )
        console.print(table)
    ok = sum(not p.error for p in report.pages)
    med = Table(title=f"Medians over {ok} pages (tokens: {report.estimator})")
    med.add_column("figure")
    med.add_column("median", justify="right")
    for key, value in report.medians.items():
        med.add_row(key, f"{value:,.2f}" if value % 1 else f"{value:,.0f}")
    console.print(med)
    if report.browser_use_note:
        console.print(report.browser_use_note)


def main(argv: list[str] | None = None) -> int:
    """`python -m navwright.bench.distill DIR [OUT.json|-] [LIMIT|-] [BROWSER_USE_PYTHON]`."""
    args = argv if argv is not None else sys.argv[1:]
    pages = Path(args[0])
    out = Path(args[1]) if len(args) > 1 and args[1] != "-" else None
    limit = int(args[2]) if len(args) > 2 and args[2] != "-" else None
    bu = Path(args[3]) if len(args) > 3 else None
    report = asyncio.run(run_distill_bench(pages, out, limit=limit, browser_use_python=bu))
    print_distill_report(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
