"""What the demo shop's handlers share."""

from __future__ import annotations

from navwright.demo.cart import Sessions
from navwright.demo.catalog import Catalog


class ShopState:
    """Everything the handlers share: catalog, sessions and whether the API manifest is published."""

    def __init__(self, manifest: bool) -> None:
        self.catalog = Catalog()
        self.sessions = Sessions()
        self.manifest = manifest
