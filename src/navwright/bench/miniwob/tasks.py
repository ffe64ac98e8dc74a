"""Where the MiniWoB++ task pages are, and which tasks a run covers.

The pages ship in the `miniwob` wheel (`pip install --no-deps miniwob==1.1.0`). We never import the
package (it pulls in Selenium and gymnasium); we only locate its `html/` folder.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from navwright.bench.miniwob.errors import TaskError

WEBWISE48: tuple[str, ...] = (
    "click-button-sequence",
    "click-button",
    "click-checkboxes-large",
    "click-checkboxes-soft",
    "click-checkboxes-transfer",
    "click-checkboxes",
    "click-collapsible-2",
    "click-collapsible",
    "click-dialog-2",
    "click-dialog",
    "click-link",
    "click-option",
    "click-pie",
    "click-tab-2-hard",
    "click-tab-2-easy",
    "click-tab-2-medium",
    "click-tab-2",
    "click-tab",
    "click-test",
    "click-test-transfer",
    "click-test-2",
    "click-widget",
    "enter-date",
    "enter-password",
    "enter-text-dynamic",
    "enter-text-2",
    "enter-text",
    "enter-time",
    "focus-text-2",
    "focus-text",
    "guess-number",
    "login-user",
    "grid-coordinate",
    "multi-layouts",
    "read-table",
    "read-table-2",
    "simple-arithmetic",
    "simple-algebra",
    "navigate-tree",
    "search-engine",
    "find-word",
    "email-inbox-forward-nl-turk",
    "email-inbox-forward-nl",
    "email-inbox-nl-turk",
    "email-inbox",
    "terminal",
    "text-transform",
    "use-autocomplete",
)
"""The 48 tasks of the WebWISE paper (arXiv 2310.16042): our development set."""

TASK_SETS = {"webwise48": WEBWISE48}


def html_dir() -> Path:
    """The `html/` folder of the installed miniwob wheel (holds miniwob/, core/, common/ ...)."""
    spec = importlib.util.find_spec("miniwob")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        folder = Path(location) / "html"
        if (folder / "miniwob").is_dir() and (folder / "core" / "core.js").is_file():
            return folder
    raise TaskError(
        "the MiniWoB++ task pages are not installed; run: pip install --no-deps miniwob==1.1.0 "
        "(or install navwright with the 'bench' extra)"
    )


def available_tasks(root: Path) -> list[str]:
    """Every task page under `root/miniwob`, by name, sorted."""
    return sorted(p.stem for p in (root / "miniwob").glob("*.html"))


def resolve_tasks(spec: str, available: list[str]) -> list[str]:
    """`webwise48`, `all`, or comma-separated task names -> task names in run order."""
    names: list[str] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        if part == "all":
            names.extend(available)
        elif part in TASK_SETS:
            names.extend(TASK_SETS[part])
        else:
            names.append(part)
    unknown = [n for n in names if n not in available]
    if unknown:
        raise TaskError(f"unknown MiniWoB task(s): {', '.join(unknown)}; known sets: all, webwise48")
    if not names:
        raise TaskError("no tasks given; use --tasks webwise48, all, or task names separated by commas")
    return list(dict.fromkeys(names))


def task_path(task: str) -> str:
    """The URL path of a task page, relative to the served html/ folder."""
    return f"/miniwob/{task}.html"
