"""Where a secret or a profile fact may go: the guards that hold even when a page fools the model.

A secret is bound to the sites it is for (the start site, or the allowed domains) and is typed only
into a field that asks for it. A profile fact or a secret never leaves for another host in a URL.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote_plus, urlsplit

from navwright.browser.types import ElementInfo

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}")
SECRET_INPUTS = {"password", "current-password", "new-password", "one-time-code"}
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
DIGITS = re.compile(r"\+?\d[\d ()-]{4,}\d")


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


def secret_hosts(url: str | None, allowed_domains: list[str]) -> list[str]:
    """The sites a run's secrets are for: the allowed domains, else the start URL's host."""
    if allowed_domains:
        return [d.lower().strip(".") for d in allowed_domains]
    host = host_of(url or "")
    return [host] if host else []


def on_hosts(host: str, hosts: list[str] | tuple[str, ...]) -> bool:
    return any(host == h or host.endswith("." + h) for h in hosts)


def profile_facts(profile: str) -> list[str]:
    """The parts of the person's profile that identify them: e-mail addresses and numbers."""
    facts = EMAIL.findall(profile) + [re.sub(r"\D", "", d) for d in DIGITS.findall(profile)]
    return [f for f in facts if len(f) >= 4]


def secret_refusal(
    skill: str, params: dict[str, Any], page_url: str, target: ElementInfo | None, hosts: tuple[str, ...]
) -> str | None:
    """Why a `{{NAME}}` in this action must not be filled in; None when it may (or there is none)."""
    texts = [v for v in params.values() if isinstance(v, str)]
    names = sorted({m.group(1) for v in texts for m in PLACEHOLDER.finditer(v)})
    if not names:
        return None
    shown = ", ".join("{{" + n + "}}" for n in names)
    where = " or ".join(hosts) if hosts else "the site it is for"
    rule = f"{shown} may only be typed into a field that asks for it on {where}"
    if skill != "type_text" or target is None:
        return f"{rule}; {skill} cannot carry a secret"
    host = host_of(page_url)
    if hosts and not on_hosts(host, hosts):
        return f"{rule}; this page is on {host or 'no site'}"
    if not all(asks_for(target, n) for n in names):
        return f"{rule}; {target.role} \"{target.name}\" does not ask for it"
    return None


def asks_for(field: ElementInfo, name: str) -> bool:
    """A password field takes any secret; another field takes one its label or placeholder names."""
    kind = (field.input_type or "").lower()
    if field.role == "searchbox" or kind in {"search", "url"}:
        return False
    if kind in SECRET_INPUTS:
        return True
    label = f"{field.name} {field.placeholder or ''}".lower()
    words = [w for w in re.split(r"[_.\-\s]+", name.lower()) if len(w) >= 2]
    return bool(words) and all(w in label for w in words) and "search" not in label


def leak_refusal(
    params: dict[str, Any], page_url: str, hosts: tuple[str, ...], profile: str, secrets: Mapping[str, str],
    asked: str = "",
) -> str | None:
    """Why a URL in this action must not be opened: it carries the person's data to another host (unless
    the person's own request wrote that address)."""
    here = host_of(page_url)
    for value in params.values():
        if not isinstance(value, str) or ("://" not in value and "?" not in value):
            continue
        if value.strip().lower() in asked.lower():
            continue
        host = host_of(value if "://" in value else "https://" + value)
        if not host or host == here or on_hosts(host, hosts):
            continue
        text = unquote_plus(unquote_plus(value)).lower()
        kept = [f for f in profile_facts(profile) if f.lower() in re.sub(r"(?<=\d)[ ()-](?=\d)", "", text)]
        kept += [f"{{{{{n}}}}}" for n, v in secrets.items() if v and v.lower() in text]
        if kept or PLACEHOLDER.search(value):
            return (f"refused: the address sends the person's data to another host ({host}); "
                    "only the person can do that")
    return None
