"""Skyway's airports and flights: every route and date has a fixed list of flights (seeded by route+date)."""

from __future__ import annotations

import datetime as dt
import random
import zlib
from dataclasses import dataclass

TODAY = dt.date(2026, 11, 23)

AIRPORTS = {
    "LIS": ("Lisbon", "Humberto Delgado"), "BER": ("Berlin", "Brandenburg"), "MAD": ("Madrid", "Barajas"),
    "CDG": ("Paris", "Charles de Gaulle"), "ORY": ("Paris", "Orly"), "LHR": ("London", "Heathrow"),
    "LGW": ("London", "Gatwick"), "AMS": ("Amsterdam", "Schiphol"), "FCO": ("Rome", "Fiumicino"),
    "BCN": ("Barcelona", "El Prat"), "MUC": ("Munich", "Franz Josef Strauss"), "VIE": ("Vienna", "Schwechat"),
    "DUB": ("Dublin", "Dublin Airport"), "CPH": ("Copenhagen", "Kastrup"), "ZRH": ("Zurich", "Kloten"),
}  # fmt: skip

AIRLINES = [("Skyway", "SW"), ("Aurora Air", "AU"), ("Transalpine", "TA"), ("Atlantica", "AT")]
HUBS = ["AMS", "MUC", "CDG", "ZRH", "VIE"]
BAG_FEES = [("Cabin bag (8 kg)", "Included"), ("First checked bag (23 kg)", "€35"),
            ("Second checked bag (23 kg)", "€55"), ("Sports equipment", "€60")]  # fmt: skip


@dataclass(frozen=True)
class Flight:
    id: str
    origin: str
    dest: str
    date: dt.date
    airline: str
    number: str
    depart: str
    arrive: str
    minutes: int
    via: str
    price: int

    @property
    def stops(self) -> int:
        return 1 if self.via else 0

    @property
    def duration(self) -> str:
        return f"{self.minutes // 60}h {self.minutes % 60:02d}m"


def airport_label(code: str) -> str:
    city = AIRPORTS[code][0]
    return f"{city} ({code})"


def flights(origin: str, dest: str, date: dt.date) -> list[Flight]:
    """The route's flights that day, in order of departure (11 or 12 of them, at least 3 nonstop)."""
    if origin not in AIRPORTS or dest not in AIRPORTS or origin == dest:
        return []
    rng = random.Random(zlib.crc32(f"{origin}{dest}{date.isoformat()}".encode()))
    base = 95 + rng.randrange(0, 90)
    count = 11 + rng.randrange(0, 2)
    starts = sorted(rng.sample(range(6 * 12, 22 * 12), count))
    out: list[Flight] = []
    for i, start in enumerate(starts):
        airline, code = AIRLINES[rng.randrange(len(AIRLINES))]
        hubs = [h for h in HUBS if h not in (origin, dest)]
        via = "" if i % 3 == 0 or rng.random() < 0.3 else rng.choice(hubs)
        minutes = base + rng.randrange(0, 20) if not via else base + 70 + rng.randrange(0, 150)
        dep = start * 5
        arr = dep + minutes + 60 * rng.choice([0, 1])  # a time-zone hour on some routes
        price = 59 + rng.randrange(0, 280) + (40 if not via else 0) + i
        number = f"{code} {100 + (zlib.crc32(f'{origin}{dest}{i}'.encode()) % 880) + i}"
        out.append(Flight(
            id=f"{origin}-{dest}-{date:%Y%m%d}-{i}", origin=origin, dest=dest, date=date, airline=airline,
            number=number, depart=_clock(dep), arrive=_clock(arr) + (" +1" if arr >= 24 * 60 else ""),
            minutes=minutes, via=via, price=price,
        ))  # fmt: skip
    return out


def find(flight_id: str) -> Flight | None:
    try:
        origin, dest, day, index = flight_id.split("-")
        date = dt.datetime.strptime(day, "%Y%m%d").date()
        return flights(origin, dest, date)[int(index)]
    except (ValueError, IndexError):
        return None


def _clock(minutes: int) -> str:
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
