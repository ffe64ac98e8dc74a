"""The development suite's sites, found by a fixed list of module names.

A site module that does not import (not written yet, or broken) is skipped with a note, so the suite
runs with the sites there are.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from navwright.bench.tasks.spec import SiteSpec, TaskSpec

SITE_MODULES = ["shop", "flights", "mail", "wiki", "permits"]


@dataclass
class Suite:
    sites: list[SiteSpec] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Why a site is missing ("mail: No module named ...")."""

    def tasks(self) -> list[tuple[SiteSpec, TaskSpec]]:
        return [(site, task) for site in self.sites for task in site.tasks]


def load_suite(names: list[str] | None = None) -> Suite:
    suite = Suite()
    for name in names or SITE_MODULES:
        try:
            module = importlib.import_module(f"navwright.bench.tasks.sites.{name}")
            site = module.SITE
        except Exception as exc:  # a site that does not import is skipped, not fatal
            suite.notes.append(f"site {name} skipped: {type(exc).__name__}: {exc}")
            continue
        if not isinstance(site, SiteSpec):
            suite.notes.append(f"site {name} skipped: its SITE is not a SiteSpec")
            continue
        suite.sites.append(site)
    return suite


def select(
    suite: Suite, *, ids: list[str] | None = None, site: str | None = None, kind: str | None = None
) -> list[tuple[SiteSpec, TaskSpec]]:
    """The tasks asked for, in suite order; an unknown id raises ValueError naming it."""
    chosen = suite.tasks()
    if ids:
        known = {task.id for _, task in chosen}
        unknown = [i for i in ids if i not in known]
        if unknown:
            raise ValueError(f"unknown task ids: {', '.join(unknown)}")
        chosen = [(s, t) for s, t in chosen if t.id in ids]
    keep: list[Callable[[SiteSpec, TaskSpec], bool]] = []
    if site:
        keep.append(lambda s, t: s.name == site)
    if kind:
        keep.append(lambda s, t: t.kind == kind)
    return [(s, t) for s, t in chosen if all(k(s, t) for k in keep)]
