"""`permits`: a city council's residential parking permit wizard, review, confirmation, status."""

from navwright.bench.tasks.sites.permits.tasks import SITE

__all__ = ["SITE"]
