"""Northpeak Outfitters' catalogue: 40 products, fixed, with brands, prices, options and reviews."""

from __future__ import annotations

from dataclasses import dataclass, field

CATEGORIES = {
    "backpacks": "Backpacks", "jackets": "Jackets", "footwear": "Footwear", "tents": "Tents & Shelter",
    "accessories": "Accessories",
}  # fmt: skip

SHIPPING = {
    "standard": ("Standard (5–7 business days)", 0.0), "express": ("Express (2 business days)", 14.95),
    "pickup": ("Store pickup, Portland", 0.0),
}  # fmt: skip


@dataclass
class Product:
    slug: str
    name: str
    brand: str
    category: str
    price: float
    rating: float
    stock: int
    weight: str
    options: str = ""
    """"": none; "apparel": size and colour selects marked `required` (the browser refuses);
    "shoe": size radios checked by the page's script (an inline error text)."""
    colours: list[str] = field(default_factory=list)
    reviews: list[tuple[str, int, str]] = field(default_factory=list)

    @property
    def sizes(self) -> list[str]:
        if self.options == "apparel":
            return ["XS", "S", "M", "L", "XL"]
        if self.options == "shoe":
            return [str(n) for n in range(39, 47)]
        return []


_ROWS = """
trailblazer-40|Trailblazer 40L Backpack|Kestrel|backpacks|129.00|4.6|12|1.3 kg
summit-day-22|Summit Day 22L Pack|Ridgeway|backpacks|74.50|4.3|30|0.7 kg
voyager-65|Voyager 65L Trekking Pack|Kestrel|backpacks|219.00|4.8|4|2.1 kg
cityline-18|Cityline 18L Commuter|Urbanfox|backpacks|59.99|4.1|22|0.6 kg
ridge-runner-12|Ridge Runner 12L Vest|Ridgeway|backpacks|89.00|4.4|0|0.3 kg
nomad-30|Nomad 30L Travel Pack|Urbanfox|backpacks|109.00|4.0|9|1.1 kg
alpine-down-parka|Alpine Down Parka|Kestrel|jackets|289.00|4.7|8|0.9 kg|apparel|Navy,Black,Forest Green
cascade-shell|Cascade Rain Shell|Ridgeway|jackets|149.00|4.5|0|0.4 kg|apparel|Red,Black
tundra-fleece|Tundra Fleece Jacket|Urbanfox|jackets|69.00|4.2|40|0.5 kg|apparel|Grey,Navy
kestrel-insulated|Kestrel Insulated Hoody|Kestrel|jackets|179.00|4.4|15|0.6 kg|apparel|Black,Orange
ridge-softshell|Ridge Softshell|Ridgeway|jackets|129.00|4.6|11|0.5 kg|apparel|Olive,Black
storm-guard|Storm Guard 3L Jacket|Kestrel|jackets|249.00|4.8|5|0.5 kg|apparel|Blue,Black
breeze-wind|Breeze Windbreaker|Urbanfox|jackets|54.00|3.9|27|0.2 kg|apparel|Yellow,Navy
summit-trail-runner|Summit Trail Runner|Ridgeway|footwear|134.00|4.5|18|0.6 kg|shoe
granite-hiker|Granite Mid Hiking Boot|Kestrel|footwear|179.00|4.7|7|1.2 kg|shoe
city-walker|City Walker Sneaker|Urbanfox|footwear|89.00|4.0|25|0.7 kg|shoe
canyon-sandal|Canyon Sport Sandal|Ridgeway|footwear|49.00|4.1|33|0.5 kg|shoe
alpine-mountaineer|Alpine Mountaineer Boot|Kestrel|footwear|329.00|4.9|2|1.8 kg|shoe
ridgeline-2p|Ridgeline 2P Tent|Kestrel|tents|279.00|4.6|6|2.1 kg
ridgeline-3p|Ridgeline 3P Tent|Kestrel|tents|349.00|4.5|3|2.7 kg
pioneer-1p|Pioneer 1P Bivy Tent|Ridgeway|tents|189.00|4.2|10|1.2 kg
family-dome-6|Family Dome 6 Tent|Urbanfox|tents|259.00|4.4|4|6.4 kg
ultralight-tarp|Ultralight Tarp 3x3|Ridgeway|tents|79.00|4.3|20|0.4 kg
basecamp-4|Basecamp 4P Tent|Ridgeway|tents|299.00|4.1|0|4.9 kg
trekking-poles|Carbon Trekking Poles (pair)|Kestrel|accessories|119.00|4.6|16|0.4 kg
headlamp-400|Beam 400 Headlamp|Ridgeway|accessories|39.95|4.5|50|0.1 kg
water-filter|PureFlow Water Filter|Urbanfox|accessories|44.00|4.4|21|0.1 kg
merino-socks|Merino Hiking Socks (3 pairs)|Kestrel|accessories|34.00|4.7|60|0.2 kg
insulated-bottle|Insulated Bottle 750 ml|Urbanfox|accessories|29.00|4.3|44|0.4 kg
camp-stove|Micro Camp Stove|Ridgeway|accessories|64.00|4.5|13|0.1 kg
sleeping-pad|AirRest Sleeping Pad|Kestrel|accessories|99.00|4.2|9|0.5 kg
down-sleeping-bag|Down Sleeping Bag -5°C|Kestrel|accessories|264.00|4.8|5|1.0 kg
compass|Baseplate Compass|Ridgeway|accessories|24.50|4.4|38|0.1 kg
first-aid-kit|Trail First Aid Kit|Urbanfox|accessories|31.00|4.6|29|0.3 kg
dry-bag-20|Dry Bag 20L|Urbanfox|accessories|19.99|4.2|70|0.1 kg
merino-beanie|Merino Beanie|Kestrel|accessories|27.00|4.5|35|0.1 kg
gps-watch|TrailSense GPS Watch|Ridgeway|accessories|279.00|4.3|7|0.1 kg
camp-chair|Packable Camp Chair|Urbanfox|accessories|69.00|4.0|12|0.9 kg
solar-charger|SunCell Solar Charger|Ridgeway|accessories|89.50|3.8|14|0.4 kg
bear-canister|Bear Canister 7L|Ridgeway|accessories|84.00|4.4|6|1.1 kg
"""

_REVIEWERS = ["Maya R.", "Tom B.", "Lena K.", "Oscar P.", "Priya S.", "Jonas W."]
_SAYINGS = [
    (5, "Exactly what I hoped for. Used it on a week in the Cascades."),
    (4, "Good quality for the price; runs a little small."),
    (5, "Light, well made, and the customer service was great."),
    (3, "Does the job, but the zip feels cheap."),
]


def products() -> list[Product]:
    items: list[Product] = []
    for i, line in enumerate(r for r in _ROWS.strip().splitlines() if r):
        cols = line.split("|")
        slug, name, brand, cat, price, rating, stock, weight = cols[:8]
        options = cols[8] if len(cols) > 8 else ""
        colours = cols[9].split(",") if len(cols) > 9 else []
        reviews = [(_REVIEWERS[(i + k) % 6], *_SAYINGS[(i + k) % 4]) for k in range(2 + i % 2)]
        items.append(Product(slug, name, brand, cat, float(price), float(rating), int(stock), weight,
                             options, colours, reviews))  # fmt: skip
    return items


def money(value: float) -> str:
    return f"${value:,.2f}"
