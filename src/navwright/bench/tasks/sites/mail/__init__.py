"""`mail`: a webmail with login, folders, pagination, search, reply, compose and settings."""

from navwright.bench.tasks.sites.mail.tasks import SITE

__all__ = ["SITE"]
