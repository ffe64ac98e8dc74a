"""Capture browser-use's page state (the DOM text it sends its model, vision off) for saved pages.

Run with the python of a virtualenv that has browser-use installed (NOT navwright's venv):
    /tmp/bu-venv/bin/python browser_use_capture.py PAGES_DIR OUT.json [LIMIT]
Pages are served from 127.0.0.1; every other host is made unresolvable, so no request leaves.
Standalone on purpose: it imports nothing from navwright.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


async def capture(pages_dir: Path, out: Path, limit: int | None) -> None:
    from browser_use import BrowserProfile, BrowserSession  # type: ignore[import-not-found]

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(pages_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    profile = BrowserProfile(
        executable_path="/usr/bin/chromium",
        headless=True,
        chromium_sandbox=False,
        enable_default_extensions=False,
        viewport={"width": 1280, "height": 800},
        window_size={"width": 1280, "height": 800},
        args=["--disable-gpu", "--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
    )
    session = BrowserSession(browser_profile=profile)
    await session.start()
    results: dict[str, dict[str, float | int | str]] = {}
    files = sorted(pages_dir.glob("*.html"))[:limit]
    for path in files:
        try:
            await session.navigate_to(f"{base}/{path.name}")
            t0 = time.perf_counter()
            state = await session.get_browser_state_summary(include_screenshot=False)
            text = state.dom_state.llm_representation()
            ms = (time.perf_counter() - t0) * 1000
            results[path.name] = {"chars": len(text), "elements": len(state.dom_state.selector_map), "ms": ms}
        except Exception as exc:
            results[path.name] = {"error": str(exc).splitlines()[0] if str(exc) else type(exc).__name__}
    await session.kill()
    server.shutdown()
    note = "browser-use dom_state.llm_representation(), include_screenshot=False"
    out.write_text(json.dumps({"note": note, "pages": results}, indent=1))


if __name__ == "__main__":
    args = sys.argv[1:]
    asyncio.run(capture(Path(args[0]), Path(args[1]), int(args[2]) if len(args) > 2 else None))
