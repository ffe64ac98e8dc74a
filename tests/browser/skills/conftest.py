"""Fixtures for skill tests: the same `site` and `session` as tests/browser/session."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "session"))

from browser_site import Reply, Site, session, site

__all__ = ["Reply", "Site", "session", "site"]
