"""Fixtures for session tests: `site` (local server) and `session` (a real BrowserSession)."""

from browser_site import Reply, Site, session, site

__all__ = ["Reply", "Site", "session", "site"]
