"""Skyway: a flight booking site with airport autocompletes, a calendar date picker, results, bookings."""

from __future__ import annotations

from navwright.bench.tasks.sites.flights.app import build
from navwright.bench.tasks.sites.flights.tasks import tasks
from navwright.bench.tasks.spec import SiteSpec

SITE = SiteSpec(name="flights", kind="flight booking", create=build, tasks=tasks())
