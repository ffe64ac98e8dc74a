"""Registers the `apps` marker: tests that need an app of `bench apps` installed (see apps_installed.py)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "apps: needs an app of `bench apps` installed (skips when it is not)")

