"""`navwright doctor`: does the browser launch, which models are configured, how fast they answer."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

if TYPE_CHECKING:
    from navwright.browser.chromium import BrowserSettings


async def check_browser(settings: BrowserSettings | None = None) -> tuple[bool, str]:
    """Launch Chromium, open a page, close it; one line either way."""
    from navwright.browser.chromium import BrowserSettings, find_chromium
    from navwright.browser.errors import BrowserError
    from navwright.browser.session import BrowserSession

    settings = settings or BrowserSettings()
    try:
        path = find_chromium(settings)
    except BrowserError as exc:
        return False, f"browser: {exc}"
    start = time.perf_counter()
    try:
        async with BrowserSession(settings) as session:
            await session.page.set_content("<title>ok</title><p>navwright doctor</p>")
            title = await session.page.title()
    except (BrowserError, OSError) as exc:
        return False, f"browser: failed to launch ({exc})"
    took = time.perf_counter() - start
    where = path or "Playwright's own Chromium"
    return title == "ok", f"browser: {where} launched and rendered a page in {took:.1f} s"


async def run_doctor(console: Console, *, config: Path | None = None, generate: bool = True) -> int:
    """Print one line per check; exit code 0 when every check passed."""
    from navwright.config import ConfigError, load_settings
    from navwright.models.base import ModelError
    from navwright.models.factory import doctor_models

    try:
        settings = load_settings(config).settings
    except ConfigError as exc:
        console.print(f"✗ config: {exc}", style="red", markup=False, soft_wrap=True)
        return 1
    ok, line = await check_browser(settings.browser)
    console.print(("[green]✓[/green] " if ok else "[red]✗[/red] ") + escape(line))
    try:
        model_config = settings.models
        lines = await doctor_models(model_config, generate=generate)
    except (ModelError, OSError, ValueError) as exc:
        console.print(f"[red]✗[/red] models: {escape(str(exc))}")
        return 1
    for text in lines:
        failed = "failed" in text
        ok = ok and not failed
        console.print(("[red]✗[/red] " if failed else "[green]✓[/green] ") + escape(text))
    return 0 if ok else 1
