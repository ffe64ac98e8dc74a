"""`permits`: a city council's residential parking permit wizard, with review, confirmation and status check."""

from navwright.bench.tasks.sites.permits.tasks import SITE

__all__ = ["SITE"]
