"""The apps' tests that need an installed app use its cached venv and pristine copy.

Where an app is not installed yet they skip, saying so, unless NAVWRIGHT_APPS_INSTALL=1 lets them install
it from the package registry (minutes; pretix's migrations about five). An app that cannot be installed
skips its tests with the reason. Nothing here reaches any host but the package registry and 127.0.0.1.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from navwright.bench.apps.env import AppError
from navwright.bench.apps.registry import load_apps
from navwright.bench.apps.spec import AppSpec


def installed(name: str) -> tuple[AppSpec, Path]:
    """The app and its venv's python, installing it only where NAVWRIGHT_APPS_INSTALL=1; else a skip."""
    app = next(a for a in load_apps() if a.name == name)
    ready = (app.home / "venv" / "ready").exists() and (app.pristine / "ready").exists()
    if not ready and os.environ.get("NAVWRIGHT_APPS_INSTALL") != "1":
        pytest.skip(f"{app.name} {app.version} is not installed in {app.home} (`navwright bench apps --app "
                    f"{app.name}` installs it on first use; NAVWRIGHT_APPS_INSTALL=1 lets the tests do it)")
    try:
        return app, app.prepare(lambda s: None)
    except AppError as exc:
        pytest.skip(f"{app.name} {app.version} cannot be installed here: {exc}")
