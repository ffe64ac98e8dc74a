"""The wiki's articles: towns and islands of the fictional Serrant Islands, generated deterministically."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

CENSUS_YEARS = list(range(1860, 2021, 8))
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


@dataclass
class Town:
    slug: str
    name: str
    island: str
    founded: int
    population: int
    mayor: str
    area_km2: float
    elevation_m: int
    port: bool
    founder: str
    industry: str
    notable: list[tuple[str, str]]
    """(person, what they are known for)."""
    neighbours: list[str] = field(default_factory=list)
    census: list[tuple[int, int]] = field(default_factory=list)
    climate: list[tuple[str, float, float, int]] = field(default_factory=list)
    """(month, average high C, average low C, rain mm)."""
    mayors: list[tuple[str, str]] = field(default_factory=list)
    """(term, name) of past mayors, oldest first."""

    @property
    def categories(self) -> list[str]:
        cats = [f"Towns of {self.island}", f"Founded in the {self.founded // 100 + 1}th century"]
        return cats + (["Ports"] if self.port else [])


@dataclass
class Island:
    slug: str
    name: str
    area_km2: int
    highest_point: str
    summary: str


ISLANDS = [
    Island(
        "isla-brava",
        "Isla Brava",
        412,
        "Monte Cauro (1,204 m)",
        "the largest and most populous island of the archipelago, with a rugged western coast",
    ),
    Island(
        "tervo",
        "Tervo",
        238,
        "Harju Ridge (611 m)",
        "a low, forested island known for its timber and salt pans",
    ),
    Island(
        "morrow-isle",
        "Morrow Isle",
        97,
        "Beacon Hill (288 m)",
        "the smallest inhabited island, a fishing centre",
    ),
]

# slug, name, island, founded, population, mayor, area, elevation, port, founder, industry, notable
_TOWNS = [
    (
        "corva",
        "Corva",
        "Isla Brava",
        1612,
        18430,
        "Elena Dusarti",
        41.2,
        12,
        True,
        "Captain Joao Verlade",
        "shipbuilding",
        [
            ("Tobias Ferrant", "lighthouse keeper at Cape Sorrel for 41 years"),
            ("Mirela Oss", "painter of harbour scenes"),
        ],
    ),
    (
        "pelin",
        "Pelin",
        "Isla Brava",
        1688,
        7215,
        "Rafael Anconi",
        28.7,
        140,
        False,
        "the Brothers Anconi",
        "olive oil and wine",
        [("Livia Sant", "botanist"), ("Oskar Pell", "cyclist, two-time island champion")],
    ),
    (
        "vellmar",
        "Vellmar",
        "Isla Brava",
        1631,
        12948,
        "Nadia Ferreiro",
        35.9,
        58,
        True,
        "merchant Hugo Vell",
        "fishing and canning",
        [("Ines Marrow", "composer of the island anthem"), ("Karl Dane", "harbour pilot")],
    ),
    (
        "sagrado",
        "Sagrado",
        "Isla Brava",
        1702,
        3104,
        "Tomas Ilve",
        19.3,
        402,
        False,
        "Franciscan friars",
        "sheep farming",
        [("Petra Ilve", "poet")],
    ),
    (
        "monte-alto",
        "Monte Alto",
        "Isla Brava",
        1755,
        1880,
        "Carla Monti",
        22.1,
        715,
        False,
        "the Monti family",
        "quarrying",
        [("Dario Lenz", "mountaineer")],
    ),
    (
        "ostrahavn",
        "Ostrahavn",
        "Tervo",
        1598,
        15377,
        "Henrik Sall",
        38.4,
        6,
        True,
        "Danish traders",
        "timber export",
        [("Greta Holm", "shipwright"), ("Anders Lyck", "mayor 1902-1930")],
    ),
    (
        "kallio",
        "Kallio",
        "Tervo",
        1660,
        4620,
        "Maija Torn",
        25.0,
        34,
        False,
        "Finnish settlers",
        "salt pans",
        [("Eero Kant", "salt merchant")],
    ),
    (
        "lindvik",
        "Lindvik",
        "Tervo",
        1721,
        6033,
        "Jonas Aalto",
        30.6,
        21,
        True,
        "the Lind brothers",
        "ferries",
        [("Sanna Vik", "ferry captain")],
    ),
    (
        "harju",
        "Harju",
        "Tervo",
        1790,
        2291,
        "Olli Rask",
        17.8,
        188,
        False,
        "forest workers",
        "forestry",
        [("Ville Harju", "wood carver")],
    ),
    (
        "port-morrow",
        "Port Morrow",
        "Morrow Isle",
        1644,
        5402,
        "Agnes Brill",
        12.5,
        4,
        True,
        "Captain Alan Morrow",
        "fishing",
        [("Tobias Brill", "lifeboat coxswain")],
    ),
    (
        "beacon",
        "Beacon",
        "Morrow Isle",
        1733,
        1156,
        "Ruth Calder",
        9.2,
        96,
        False,
        "lighthouse builders",
        "tourism",
        [("Moira Calder", "novelist")],
    ),
    (
        "saltcove",
        "Saltcove",
        "Morrow Isle",
        1689,
        2740,
        "Ewan Doyle",
        8.4,
        3,
        True,
        "smugglers, legend says",
        "oyster farming",
        [("Finn Doyle", "diver")],
    ),
]


def _census(rng: random.Random, final: int) -> list[tuple[int, int]]:
    rows = []
    for year in CENSUS_YEARS:
        share = 0.22 + 0.78 * ((year - 1860) / 160) ** 1.4
        value = final if year == 2020 else int(final * share * rng.uniform(0.93, 1.07))
        rows.append((year, value))
    return rows


def _climate(rng: random.Random, elevation: int) -> list[tuple[str, float, float, int]]:
    base = 14.0 - elevation / 200
    rows = []
    for i, month in enumerate(MONTHS):
        season = [-5, -4.5, -2.5, 0, 3, 6, 8.5, 8, 5, 1.5, -2, -4][i]
        high = round(base + season + rng.uniform(-0.4, 0.4), 1)
        rows.append(
            (
                month,
                high,
                round(high - 6.5 - rng.uniform(0, 1), 1),
                int(40 + 60 * abs(season) / 8 + rng.uniform(0, 25)),
            )
        )
    return rows


_GIVEN = ["Anton", "Berta", "Carlo", "Dora", "Emil", "Frida", "Gustav", "Hilde", "Ivo", "Jana", "Kurt"]
_FAMILY = ["Amsel", "Borg", "Castro", "Dahl", "Espin", "Falk", "Grau", "Holm", "Ibarra", "Juhl", "Koster"]


def _mayors(rng: random.Random, current: str) -> list[tuple[str, str]]:
    terms = [(1946 + 6 * i, 1952 + 6 * i) for i in range(13)]
    names = [f"{rng.choice(_GIVEN)} {rng.choice(_FAMILY)}" for _ in terms[:-1]] + [current]
    return [(f"{a}-{b}" if b < 2024 else f"{a}-present", n) for (a, b), n in zip(terms, names, strict=True)]


def towns() -> list[Town]:
    built = []
    for slug, *rest in _TOWNS:
        rng = random.Random(slug)
        town = Town(slug, *rest)  # type: ignore[arg-type]
        town.census = _census(rng, town.population)
        town.climate = _climate(rng, town.elevation_m)
        town.mayors = _mayors(rng, town.mayor)
        built.append(town)
    for town in built:
        same = [t.slug for t in built if t.island == town.island and t.slug != town.slug]
        town.neighbours = same[:3]
    return built


@dataclass
class WikiState:
    towns: list[Town]
    islands: list[Island]
    searches: list[str] = field(default_factory=list)

    def town(self, slug: str) -> Town | None:
        return next((t for t in self.towns if t.slug == slug), None)

    def by_name(self, name: str) -> Town:
        return next(t for t in self.towns if t.name == name)


def create_state() -> WikiState:
    return WikiState(towns(), list(ISLANDS))
