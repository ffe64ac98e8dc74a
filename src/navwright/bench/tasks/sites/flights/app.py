"""Skyway's routes and state: flight search, passenger details, bookings kept on the server, my trips."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from navwright.bench.tasks.sites.flights import pages
from navwright.bench.tasks.sites.flights.data import AIRPORTS, TODAY, Flight, find, flights
from navwright.bench.tasks.spec import SiteInstance
from navwright.bench.tasks.web import App, Reply, Request


@dataclass
class Booking:
    ref: str
    flight: Flight
    passengers: list[tuple[str, str]]
    email: str


@dataclass
class FlightsState:
    bookings: list[Booking] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(2026))

    def new_ref(self) -> str:
        letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        return "".join(self.rng.choice(letters) for _ in range(6))


SEEDED = ("QX7P2L", "BCN-CPH-20261205-2", [("Grace", "Okafor")], "grace.okafor@example.com")


def _date(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def _search_errors(q: dict[str, str]) -> dict[str, str]:
    errors = {}
    for key in ("from", "to"):
        if q.get(key, "") not in AIRPORTS:
            errors[key] = "Choose an airport from the list."
    day = _date(q.get("date", ""))
    if day is None or day < TODAY:
        errors["date"] = "Choose a departure date in the calendar."
    if not errors and q["from"] == q["to"]:
        errors["to"] = "Origin and destination must differ."
    return errors


def build() -> SiteInstance:
    state = FlightsState()
    seeded = find(SEEDED[1])
    assert seeded is not None
    state.bookings.append(Booking(SEEDED[0], seeded, list(SEEDED[2]), SEEDED[3]))
    app = App("flights")

    def page(title: str, body: str, toast: str = "", scripts: bool = False) -> Reply:
        return Reply(body=pages.layout(title, body, toast, scripts))

    @app.get("/")
    def home(req: Request) -> Reply:
        form = dict(req.query)
        day = _date(form.get("date", ""))
        form["date_label"] = f"{day.day} {day:%b %Y}" if day else ""
        return page("Cheap flights", pages.home(form, {}), scripts=True)

    @app.get("/results")
    def results(req: Request) -> Reply:
        q = dict(req.query)
        errors = _search_errors(q)
        if errors:
            day = _date(q.get("date", ""))
            q["date_label"] = f"{day.day} {day:%b %Y}" if day and "date" not in errors else ""
            return page("Search", pages.home(q, errors), "Please check the highlighted fields.", scripts=True)
        day = dt.date.fromisoformat(q["date"])
        items = flights(q["from"], q["to"], day)
        if q.get("nonstop"):
            items = [f for f in items if not f.via]
        if q.get("sort") == "price":
            items = sorted(items, key=lambda f: f.price)
        elif q.get("sort") == "duration":
            items = sorted(items, key=lambda f: f.minutes)
        return page("Results", pages.results(q["from"], q["to"], f"{day:%A %d %B %Y}", items, q))

    @app.get("/flight/{fid}")
    def detail(req: Request) -> Reply:
        f = find(req.params["fid"])
        if f is None:
            return Reply(404, pages.layout("Not found", "<h1>Flight not found</h1>"))
        return page(f.number, pages.flight(f, _pax(req.query.get("pax", "1"))))

    @app.get("/book/{fid}")
    def book_form(req: Request) -> Reply:
        f = find(req.params["fid"])
        if f is None:
            return Reply(404, pages.layout("Not found", "<h1>Flight not found</h1>"))
        return page("Passenger details", pages.book(f, _pax(req.query.get("pax", "1")), {}))

    @app.post("/book/{fid}")
    def book(req: Request) -> Reply:
        f = find(req.params["fid"])
        if f is None:
            return Reply(404, pages.layout("Not found", "<h1>Flight not found</h1>"))
        pax = _pax(req.form.get("pax", "1"))
        form = req.form
        names = [(form.get(f"first{i}", "").strip(), form.get(f"last{i}", "").strip())
                 for i in range(1, pax + 1)]  # fmt: skip
        error = ""
        if any(not a or not b for a, b in names) or not req.form.get("email", "").strip():
            error = "Please fill in every passenger's first and last name and an email."
        elif req.form.get("terms") != "yes":
            error = "Please accept the fare rules to book."
        if error:
            return page("Passenger details", pages.book(f, pax, req.form, error))
        with app.lock:
            ref = state.new_ref()
            state.bookings.append(Booking(ref, f, names, req.form["email"]))
        return page("Booked", pages.confirmation(ref, f, [f"{a} {b}" for a, b in names]), "Booking confirmed")

    @app.get("/trips")
    def trips(req: Request) -> Reply:
        ref, last = req.query.get("ref", "").strip().upper(), req.query.get("last", "").strip()
        if not ref:
            return page("My trips", pages.trips("", "", ""))
        hit = next((b for b in state.bookings if b.ref == ref
                    and any(p[1].lower() == last.lower() for p in b.passengers)), None)  # fmt: skip
        if hit is None:
            return page("My trips", pages.trips(ref, last, "", "No booking matches that reference and name."))
        found = pages.confirmation(hit.ref, hit.flight, [f"{a} {b}" for a, b in hit.passengers])
        return page("My trips", pages.trips(ref, last, found.replace("Your trip is booked", "Your booking")))

    @app.get("/help/baggage")
    def baggage(req: Request) -> Reply:
        return page("Baggage fees", pages.baggage())

    return SiteInstance(app=app, state=state)


def _pax(text: str) -> int:
    return max(1, min(6, int(text))) if text.isdigit() else 1
