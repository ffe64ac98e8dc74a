"""Where a secret or a profile fact may go: the guards that hold even when a page fools the model.

A secret is bound to the sites it is for (the start site, or the allowed domains) and is typed only
into a field that asks for it. A profile fact or a secret never leaves for another host in a URL, nor
in a field whose form sends it to another host or that sits in another host's frame (an ad).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote_plus, urlsplit

from navwright.agent.task.tokens import words
from navwright.agent.text import refusals
from navwright.browser.datafence import DataFence, site_of
from navwright.browser.datafence import on_sites as on_hosts
from navwright.browser.skills.base import Skill
from navwright.browser.types import ElementInfo, Observation

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


def profile_facts(profile: str) -> list[str]:
    """The parts of the person's profile that identify them: e-mail addresses and numbers."""
    facts = EMAIL.findall(profile) + [re.sub(r"\D", "", d) for d in DIGITS.findall(profile)]
    return [f for f in facts if len(f) >= 4]


def secret_refusal(
    skill: Skill, params: dict[str, Any], page_url: str, target: ElementInfo | None, hosts: tuple[str, ...]
) -> str | None:
    """Why a `{{NAME}}` in this action must not be filled in; None when it may (or there is none)."""
    texts = [v for v in params.values() if isinstance(v, str)]
    names = sorted({m.group(1) for v in texts for m in PLACEHOLDER.finditer(v)})
    if not names:
        return None
    if skill.does != "type" or target is None:  # only text typed into one field carries a secret
        return refusals.secret_misplaced(names, hosts, refusals.secret_skill(skill.name))
    host = host_of(page_url)
    if hosts and not on_hosts(host, hosts):
        return refusals.secret_misplaced(names, hosts, refusals.secret_page(host))
    if not all(asks_for(target, n) for n in names):
        return refusals.secret_misplaced(names, hosts, refusals.secret_field(target))
    return None


def asks_for(field: ElementInfo, name: str) -> bool:
    """A password field takes any secret; another field takes one its label or placeholder names."""
    kind = (field.input_type or "").lower()
    if field.role == "searchbox" or kind in {"search", "url"}:
        return False
    if kind in SECRET_INPUTS:
        return True
    label = f"{field.name} {field.placeholder or ''}".casefold()
    named = [w for w in words(name) if len(w) >= 2]
    return bool(named) and all(w in label for w in named) and "search" not in label


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
            return refusals.data_to_address(host)
    return None


def profile_parts(profile: str) -> list[str]:
    """The profile's comma-, semicolon- or line-separated parts ("name: Ada Lovelace" -> "ada lovelace")."""
    parts = [re.sub(r"^[\w ]{1,20}:\s*", "", p).strip() for p in re.split(r"[,;\n]", profile.lower())]
    return [p for p in parts if len(p) >= 3]


def data_fence(profile: str, secrets: Mapping[str, str], hosts: list[str]) -> DataFence:
    """What the network layer keeps from other hosts: the profile's e-mails and numbers, its parts of
    two words or more (a full name, a street), and the secrets' values."""
    names = [p for p in profile_parts(profile) if len(p.split()) >= 2 and len(p) >= 6]
    return DataFence(facts=tuple(profile_facts(profile) + names),
                     secrets=tuple(v for v in secrets.values() if v), hosts=tuple(h.lower() for h in hosts))


def person_data(value: str, profile: str, secrets: Mapping[str, str], asked: str = "") -> list[str]:
    """What of the person's data `value` carries: a `{{SECRET}}` or a secret's value, an e-mail or
    number of the profile, or a part of it (a name, a street, a city: the profile's comma- or
    line-separated parts); what the person's own request wrote does not count."""
    text, mine = value.lower(), asked.lower()
    found = [f"{{{{{n}}}}}" for n in PLACEHOLDER.findall(value)]
    found += [f"{{{{{n}}}}}" for n, v in secrets.items() if len(v) >= 3 and v.lower() in text]
    digits = re.sub(r"(?<=\d)[ ()-](?=\d)", "", text)
    runs = re.findall(r"\d{7,}", digits)  # a number typed without its country code
    found += [f for f in profile_facts(profile)
              if (f.lower() in digits or any(r in f for r in runs)) and f.lower() not in mine]
    found += [p for p in profile_parts(profile) if re.search(rf"\b{re.escape(p)}\b", text) and p not in mine]
    bare = text.strip()
    if len(bare) >= 4 and bare not in mine and re.search(rf"\b{re.escape(bare)}\b", profile.lower()):
        found.append(bare)
    return list(dict.fromkeys(found))


def destination_refusal(
    values: list[str], fields: list[ElementInfo], page_url: str, hosts: tuple[str, ...], profile: str,
    secrets: Mapping[str, str], asked: str = "",
) -> str | None:
    """Why these values must not be typed into these fields: a field sends what is typed to another
    host (its form's action, or the frame it is in) and a value carries the person's data. Another
    host is one outside the page's site and the sites the run's secrets are for; a secret also may go
    nowhere outside those sites."""
    carried = [d for v in values for d in person_data(v, profile, secrets, asked)]
    if not carried:
        return None
    here = site_of(host_of(page_url))
    secret = any(c.startswith("{{") for c in carried)
    for field in fields:
        for dest in (field.doc_host, field.form_host):
            if not dest or on_hosts(dest.lower(), hosts):
                continue
            if site_of(dest) == here and not (secret and hosts):
                continue
            return refusals.data_to_field(field, dest, secret, frame=dest == field.doc_host)
    return None


def fields_named(labels: list[str], obs: Observation) -> list[ElementInfo]:
    """The observed fields a fill_form label may mean (its name holds the label, or the label its name)."""
    wanted = [lb.strip().lower() for lb in labels if lb.strip()]
    return [e for e in obs.elements
            if e.name and any(w in e.name.lower() or e.name.lower() in w for w in wanted)]
