"""`wiki`: a reference wiki of the (fictional) Serrant Islands: long articles, tables, search, categories."""

from navwright.bench.tasks.sites.wiki.tasks import SITE

__all__ = ["SITE"]
