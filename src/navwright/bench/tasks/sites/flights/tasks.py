"""Skyway's eight tasks, judged from the bookings on the server and the answer against the flight data."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from navwright.bench.tasks.sites.flights.app import SEEDED, FlightsState
from navwright.bench.tasks.sites.flights.data import Flight, find, flights
from navwright.bench.tasks.spec import SiteInstance, TaskSpec, Verdict, answer_has

PROFILE = "Name: Maria Santos. Email: maria.santos@example.com. Phone: +351 912 345 678."
Check = Callable[[SiteInstance, str], Verdict]


def _day(month: int, day: int) -> dt.date:
    """A day of the site's year. The tasks name the year: the site's flights are those of its own
    `TODAY` (2026-11-23), and a date without a year is read from the run's clock ("30 November" on
    2 December 2026 is 30 November 2027, whose flights are others)."""
    return dt.date(2026, month, day)


def cheapest(origin: str, dest: str, date: dt.date, nonstop: bool = False) -> Flight:
    return min((f for f in flights(origin, dest, date) if not (nonstop and f.via)), key=lambda f: f.price)


def _says(*needles: str) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = answer_has(answer, *needles)
        return Verdict(ok, f"answer {'states' if ok else 'lacks'} {' + '.join(needles)}")

    return check


def _booked(ok_flight: Callable[[Flight], bool], wanted: str, names: list[tuple[str, str]]) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        state: FlightsState = instance.state
        new = [b for b in state.bookings if b.ref != SEEDED[0]]
        if not new:
            return Verdict(False, "no booking was made")
        if len(new) > 1:
            return Verdict(False, f"{len(new)} bookings were made, wanted one")
        booking = new[0]
        got = [(a.lower(), b.lower()) for a, b in booking.passengers]
        if not ok_flight(booking.flight):
            return Verdict(False, f"booked {booking.flight.number} {booking.flight.date}, wanted {wanted}")
        if got != [(a.lower(), b.lower()) for a, b in names]:
            return Verdict(False, f"passengers {booking.passengers}, wanted {names}")
        return Verdict(True, f"booking {booking.ref}: {booking.flight.number} for {len(names)}")

    return check


def tasks() -> list[TaskSpec]:
    seeded = find(SEEDED[1])
    assert seeded is not None
    lis_ber = cheapest("LIS", "BER", _day(12, 14), nonstop=True)
    ams_fco = min(flights("AMS", "FCO", _day(12, 2)), key=lambda f: f.minutes)
    dub_vie = cheapest("DUB", "VIE", _day(11, 30))
    mad_muc = cheapest("MAD", "MUC", _day(12, 3))
    sw488 = next(f for f in flights("LIS", "BER", _day(12, 14)) if f.number == "SW 488")
    me = ("Maria", "Santos")
    return [
        TaskSpec("flights-trip-time", "lookup",
                 "My booking reference is QX7P2L (last name Okafor). What time does that flight leave?",
                 _says(seeded.depart)),
        TaskSpec("flights-second-bag", "lookup",
                 "how much does a second checked bag cost if I add it online?",
                 _says("55")),
        TaskSpec("flights-cheapest-nonstop", "multi",
                 "Which is the cheapest nonstop flight from Lisbon to Berlin on 14 December 2026?",
                 _says(lis_ber.number)),
        TaskSpec("flights-quickest", "multi",
                 "What's the quickest flight from Amsterdam to Rome on 2 December 2026 and when does it "
                 "land?",
                 _says(ams_fco.number, ams_fco.arrive)),
        TaskSpec("flights-cheapest-any", "multi",
                 "cheapest flight from Dublin to Vienna on 30 November 2026? tell me the flight number and "
                 "price",
                 _says(dub_vie.number, str(dub_vie.price))),
        TaskSpec("flights-book-two", "action",
                 f"Book flight {sw488.number} from Lisbon to Berlin on 14 December 2026 for two: "
                 "me and Tomás Ferreira.",
                 _booked(lambda f: f.id == sw488.id, f"{sw488.number} on 14 Dec",
                         [me, ("Tomás", "Ferreira")]),
                 profile=PROFILE),
        TaskSpec("flights-book-cheapest", "action",
                 "Book me the cheapest flight from Madrid to Munich on 3 December 2026, just me.",
                 _booked(lambda f: f.id == mad_muc.id, f"{mad_muc.number} on 3 Dec", [me]), profile=PROFILE),
        TaskSpec("flights-book-morning", "action",
                 "Book me a nonstop flight from London Heathrow to Zurich on 10 December 2026 "
                 "that leaves before noon.",
                 _booked(lambda f: (f.origin, f.dest, f.date) == ("LHR", "ZRH", _day(12, 10)) and not f.via
                         and f.depart < "12:00", "a nonstop LHR→ZRH before noon on 10 Dec", [me]),
                 profile=PROFILE),
    ]  # fmt: skip
