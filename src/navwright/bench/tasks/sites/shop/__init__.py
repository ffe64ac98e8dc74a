"""Northpeak Outfitters: an outdoor-gear shop with search, filtered categories, required options, checkout."""

from __future__ import annotations

from navwright.bench.tasks.sites.shop.app import build
from navwright.bench.tasks.sites.shop.tasks import tasks
from navwright.bench.tasks.spec import SiteSpec

SITE = SiteSpec(name="shop", kind="shop", create=build, tasks=tasks())
