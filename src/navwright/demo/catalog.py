"""The demo shop's products: a fixed, small catalog (no database)."""

from __future__ import annotations

from pydantic import BaseModel


class Product(BaseModel):
    id: str
    name: str
    category: str
    price: float
    rating: float
    reviews: int
    blurb: str


class Category(BaseModel):
    slug: str
    title: str
    singular: str


CATEGORIES: tuple[Category, ...] = (
    Category(slug="headphones", title="Headphones", singular="headphones"),
    Category(slug="keyboards", title="Keyboards", singular="keyboard"),
    Category(slug="mice", title="Mice", singular="mouse"),
    Category(slug="monitors", title="Monitors", singular="monitor"),
    Category(slug="webcams", title="Webcams", singular="webcam"),
)

# (id, name, price, rating, reviews, blurb). Featured order deliberately is not price order.
_ROWS: dict[str, list[tuple[str, str, float, float, int, str]]] = {
    "headphones": [
        (
            "hp-aurora",
            "Aurora ANC Wireless Headphones",
            149.99,
            4.6,
            812,
            "Active noise cancelling, 30 h battery.",
        ),
        (
            "hp-pulse",
            "Pulse Studio Monitor Headphones",
            89.00,
            4.4,
            341,
            "Closed-back, flat response for mixing.",
        ),
        ("hp-echo", "Echo Lite On-Ear Headphones", 34.50, 3.9, 1204, "Foldable, light, wired with mic."),
        ("hp-nimbus", "Nimbus Sport Earbuds", 59.95, 4.1, 655, "Sweat resistant, secure fit."),
        ("hp-basso", "Basso Over-Ear Headphones", 42.99, 4.0, 287, "Deep bass, soft memory-foam cushions."),
    ],
    "keyboards": [
        (
            "kb-forge",
            "Forge TKL Mechanical Keyboard",
            119.00,
            4.7,
            932,
            "Hot-swap switches, aluminium frame.",
        ),
        ("kb-slate", "Slate Low-Profile Wireless Keyboard", 64.99, 4.3, 418, "Quiet keys, three devices."),
        ("kb-basic", "Basic Office Keyboard", 19.90, 3.8, 2210, "Full size, spill resistant."),
        ("kb-ergo", "Ergo Split Keyboard", 139.50, 4.5, 176, "Split layout, tenting feet."),
        ("kb-mini", "Mini 60% Keyboard", 27.45, 4.0, 389, "Compact, USB-C, RGB."),
    ],
    "mice": [
        ("ms-glide", "Glide Wireless Mouse", 24.99, 4.2, 1580, "Silent clicks, 18 month battery."),
        ("ms-vector", "Vector Pro Gaming Mouse", 69.00, 4.6, 744, "26k DPI sensor, 58 g."),
        ("ms-trail", "Trail Travel Mouse", 17.49, 3.9, 603, "Pocket size, Bluetooth."),
        ("ms-arc", "Arc Vertical Ergonomic Mouse", 39.99, 4.3, 512, "Handshake grip, less strain."),
        ("ms-dot", "Dot Wired Mouse", 21.00, 4.0, 960, "Plain and reliable, 1.8 m cable."),
    ],
    "monitors": [
        ("mn-vista27", 'Vista 27" 4K Monitor', 329.00, 4.5, 402, "IPS, USB-C 65 W, HDR400."),
        ("mn-clear24", 'Clear 24" Full HD Monitor', 129.99, 4.2, 1188, "IPS, 75 Hz, thin bezels."),
        ("mn-swift32", 'Swift 32" Curved Gaming Monitor', 399.00, 4.4, 233, "165 Hz, 1 ms, 1440p."),
        ("mn-port16", 'Port 16" Portable Monitor', 109.50, 4.0, 297, "USB-C powered, with cover."),
        ("mn-office22", 'Office 22" Monitor', 99.99, 3.9, 845, "Full HD, VESA mount."),
    ],
    "webcams": [
        ("wc-clarity", "Clarity 4K Webcam", 159.00, 4.5, 301, "4K, auto framing, two mics."),
        ("wc-meet", "Meet 1080p Webcam", 45.99, 4.1, 1422, "Full HD, privacy shutter."),
        ("wc-stream", "Stream 60 fps Webcam", 79.90, 4.3, 512, "1080p 60 fps, ring light."),
        ("wc-basic", "Basic 720p Webcam", 38.00, 3.7, 730, "Plug and play."),
    ],
}


def all_products() -> list[Product]:
    return [
        Product(id=r[0], name=r[1], category=slug, price=r[2], rating=r[3], reviews=r[4], blurb=r[5])
        for slug, rows in _ROWS.items()
        for r in rows
    ]


class Catalog:
    """Lookups over the fixed product list."""

    def __init__(self) -> None:
        self.products = all_products()
        self.by_id = {p.id: p for p in self.products}
        self.categories = {c.slug: c for c in CATEGORIES}

    def in_category(self, slug: str) -> list[Product]:
        return [p for p in self.products if p.category == slug]

    def search(self, query: str, category: str | None = None) -> list[Product]:
        """Every word of the query must appear in the name, category or blurb (case-insensitive)."""
        words = [_singular(w) for w in query.lower().split()]
        found = []
        for p in self.products:
            if category and p.category != category:
                continue
            cat = self.categories[p.category]
            hay = f"{p.name} {cat.title} {cat.singular} {p.blurb}".lower()
            if all(w in hay for w in words):
                found.append(p)
        return found


def _singular(word: str) -> str:
    if word == "mice":
        return "mouse"
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def sort_products(products: list[Product], order: str) -> list[Product]:
    if order == "price-asc":
        return sorted(products, key=lambda p: p.price)
    if order == "price-desc":
        return sorted(products, key=lambda p: -p.price)
    if order == "rating":
        return sorted(products, key=lambda p: -p.rating)
    return list(products)
