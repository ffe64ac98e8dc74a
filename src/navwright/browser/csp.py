"""Let one script of navwright's own run under a page's Content-Security-Policy, and nothing more.

The domain fence (browser/netpolicy.py) hands the page at the end of a redirect chain to the browser at
the address first asked for, with an inline script that moves it to its own address. A policy without
'unsafe-inline' (pretix, GitHub) blocks that script: the page then keeps the first address, and a form
that posts to its own page ("action" empty) posts to the wrong one. Adding that one script's hash to the
policy lets it run; every other inline script of the page stays as blocked as the site wants it.
"""

from __future__ import annotations

import base64
import hashlib

SCRIPT_DIRECTIVES = ("script-src-elem", "script-src", "default-src")
"""The directives that govern an inline <script>, the first one a policy has wins."""


def script_hash(script: str) -> str:
    """The CSP source that allows exactly this inline script's text."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def allowing(policy_header: str, source: str) -> str:
    """The header with `source` added where its policies govern inline scripts (a header may hold
    several policies, separated by commas; the browser enforces each)."""
    return ", ".join(_allowing_one(policy, source) for policy in policy_header.split(","))


def _allowing_one(policy: str, source: str) -> str:
    directives = [d.strip() for d in policy.split(";") if d.strip()]
    names = [d.split()[0].lower() for d in directives]
    wanted = next((n for n in SCRIPT_DIRECTIVES if n in names), None)
    if wanted is None:
        return policy.strip()  # no rule for scripts: inline ones run
    at = names.index(wanted)
    sources = [s for s in directives[at].split()[1:] if s.lower() != "'none'"]
    lowered = [s.lower() for s in sources]
    if "'unsafe-inline'" in lowered and not any(s.startswith(("'nonce-", "'sha")) for s in lowered):
        return policy.strip()  # inline scripts run already; a hash would switch 'unsafe-inline' off
    allowed = " ".join([*sources, source])
    if wanted == "default-src":
        directives.append(f"script-src {allowed}")
    else:
        directives[at] = f"{directives[at].split()[0]} {allowed}"
    return "; ".join(directives)
