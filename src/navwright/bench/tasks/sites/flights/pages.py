"""Skyway's pages: layout and one function per page type, as HTML strings.

Long lines are HTML template text, kept whole so the markup reads as markup.
"""
# ruff: noqa: E501

from __future__ import annotations

import json
from importlib.resources import files
from urllib.parse import urlencode

from navwright.bench.tasks.sites.flights.data import AIRPORTS, BAG_FEES, TODAY, Flight, airport_label
from navwright.bench.tasks.web import esc


def _asset(name: str) -> str:
    return files("navwright.bench.tasks.sites.flights").joinpath(name).read_text()


def layout(title: str, body: str, toast: str = "", scripts: bool = False) -> str:
    note = f'<div class="toast" role="status">{esc(toast)}</div>' if toast else ""
    data = json.dumps([{"code": c, "city": city, "name": name} for c, (city, name) in AIRPORTS.items()])
    js = f'<script type="application/json" id="airports">{data}</script><script>{_asset("widgets.js")}</script>' if scripts else ""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{esc(title)} | Skyway</title><style>{_asset("style.css")}</style></head><body><header><div class="top">
<a class="logo" href="/">sky<b>way</b></a><nav><a href="/">Flights</a><a href="/trips">My trips</a><a href="/help/baggage">Baggage</a></nav>
</div></header>{note}<main>{body}</main><footer><div><span>Skyway Travel Ltd.</span><span>Prices include taxes and fees</span>
<span><a href="/help/baggage" style="color:#b6c2d9">Baggage fees</a></span><span>© 2026</span></div></footer>{js}</body></html>"""


def _airport_field(name: str, label: str, code: str, errors: dict[str, str]) -> str:
    shown = airport_label(code) if code in AIRPORTS else ""
    err = errors.get(name, "")
    return f"""<div class="field"><label for="{name}-input">{label}</label><input id="{name}-input" type="text" role="combobox"
 aria-autocomplete="list" aria-expanded="false" aria-controls="{name}-input-list" autocomplete="off" placeholder="City or airport"
 value="{esc(shown)}" data-airport="{name}"><input type="hidden" id="{name}" name="{name}" value="{esc(code)}">
<ul id="{name}-input-list" role="listbox" aria-label="{label} airports" hidden></ul>
<p class="error" id="{name}-input-error"{"" if err else " hidden"}>{esc(err)}</p></div>"""


def home(form: dict[str, str], errors: dict[str, str]) -> str:
    pax = "".join(f'<option value="{n}"{" selected" if form.get("pax", "1") == str(n) else ""}>{n} adult{"s" if n > 1 else ""}</option>' for n in range(1, 7))
    date_err = errors.get("date", "")
    return f"""<div class="hero"><h1>Where to next?</h1><form class="search" method="get" action="/results" novalidate>
{_airport_field("from", "From", form.get("from", ""), errors)}{_airport_field("to", "To", form.get("to", ""), errors)}
<div class="field datefield"><label for="depart-display">Departure</label><input id="depart-display" readonly placeholder="Select date"
 value="{esc(form.get("date_label", ""))}" aria-haspopup="dialog"><input type="hidden" id="date" name="date" value="{esc(form.get("date", ""))}">
<button type="button" id="depart-button" class="btn ghost" style="padding:4px 8px;font-size:12px">Open calendar</button>
<div id="calendar" class="calendar" role="dialog" aria-label="Choose departure date" data-today="{TODAY.isoformat()}" hidden></div>
<p class="error" id="date-error"{"" if date_err else " hidden"}>{esc(date_err)}</p></div>
<div class="field"><label for="pax">Passengers</label><select id="pax" name="pax">{pax}</select></div>
<button class="btn">Search flights</button></form></div>
<div class="panel" style="margin-top:18px"><h2>Winter deals</h2><p>Lisbon → Berlin from €112 · Dublin → Vienna from €86 · Madrid → Munich from €106</p>
<p class="muted">Today is {TODAY:%A %d %B %Y}. Fares change daily.</p></div>"""


def results(origin: str, dest: str, date_label: str, items: list[Flight], params: dict[str, str]) -> str:
    sorts = {"depart": "Departure time", "price": "Lowest price", "duration": "Shortest duration"}
    opts = "".join(f'<option value="{k}"{" selected" if params.get("sort", "depart") == k else ""}>{v}</option>' for k, v in sorts.items())
    keep = "".join(f'<input type="hidden" name="{k}" value="{esc(v)}">' for k, v in params.items() if k in {"from", "to", "date", "pax"})
    nonstop = " checked" if params.get("nonstop") else ""
    side = f"""<aside><form method="get" action="/results">{keep}<label><b>Sort by</b><br><select name="sort" onchange="this.form.submit()">{opts}</select></label>
<p><label><input type="checkbox" name="nonstop" value="1"{nonstop} onchange="this.form.submit()"> Nonstop only</label></p>
<noscript><button class="btn">Apply</button></noscript></form></aside>"""
    rows = ""
    for f in items:
        stop = '<span class="tag">Nonstop</span>' if not f.via else f'<span class="tag stop">1 stop · {f.via}</span>'
        link = f"/flight/{f.id}?" + urlencode({"pax": params.get("pax", "1")})
        rows += f"""<div class="flight"><div><b>{esc(f.airline)}</b><br><span class="muted">{esc(f.number)}</span></div>
<div><span class="times">{f.depart} – {f.arrive}</span><br><span class="muted">{f.origin} → {f.dest} · {f.duration}</span> {stop}</div>
<div class="price">€{f.price}<br><span class="muted">per person</span></div><a class="btn" href="{esc(link)}">Select</a></div>"""
    rows = rows or '<div class="panel">No flights match your filters.</div>'
    return f"""<h1 style="margin-top:0">{esc(airport_label(origin))} → {esc(airport_label(dest))}</h1>
<p class="muted">{esc(date_label)} · {params.get("pax", "1")} passenger(s) · {len(items)} flights <a href="/?{esc(urlencode({k: params.get(k, "") for k in ("from", "to", "date", "pax")}))}">Change search</a></p>
<div class="results">{side}<section>{rows}</section></div>"""


def flight(f: Flight, pax: int) -> str:
    stop = "Nonstop" if not f.via else f"1 stop in {esc(airport_label(f.via))}"
    return f"""<div class="panel"><p class="muted">{f.date:%A %d %B %Y}</p><h1 style="margin:0">{esc(f.airline)} {esc(f.number)}</h1>
<p class="times">{f.depart} {esc(airport_label(f.origin))} → {f.arrive} {esc(airport_label(f.dest))}</p>
<p>{stop} · Duration {f.duration} · Economy · Cabin bag included</p><p class="price">€{f.price} × {pax} = €{f.price * pax}</p>
<a class="btn" href="/book/{f.id}?pax={pax}">Continue to passenger details</a> <a href="javascript:history.back()">Back to results</a></div>"""


def book(f: Flight, pax: int, form: dict[str, str], error: str = "") -> str:
    people = ""
    for i in range(1, pax + 1):
        people += f"""<h3>Passenger {i} (adult)</h3><label>First name<input name="first{i}" required value="{esc(form.get(f"first{i}", ""))}"></label>
<label>Last name<input name="last{i}" required value="{esc(form.get(f"last{i}", ""))}"></label>"""
    err = f'<p class="error full" role="alert">{esc(error)}</p>' if error else ""
    return f"""<div class="panel"><h1 style="margin-top:0">Passenger details</h1><p>{esc(f.number)} · {f.date:%d %b %Y} · {f.depart} {f.origin} → {f.arrive} {f.dest} · €{f.price * pax} total</p>
<form class="pax" method="post" action="/book/{f.id}"><input type="hidden" name="pax" value="{pax}">{err}{people}<h3>Contact</h3>
<label>Email<input type="email" name="email" required value="{esc(form.get("email", ""))}"></label>
<label>Phone<input type="tel" name="phone" value="{esc(form.get("phone", ""))}"></label>
<label class="full" style="flex-direction:row;gap:8px;align-items:center"><input type="checkbox" name="terms" value="yes" required> I accept the fare rules and conditions of carriage</label>
<p class="full"><button class="btn">Book and pay €{f.price * pax}</button></p></form></div>"""


def confirmation(ref: str, f: Flight, names: list[str]) -> str:
    who = "".join(f"<li>{esc(n)}</li>" for n in names)
    return f"""<div class="panel"><h1 style="margin-top:0">Your trip is booked</h1><p>Booking reference</p><p class="ref">{esc(ref)}</p>
<p>{esc(f.airline)} {esc(f.number)} · {f.date:%A %d %B %Y} · departs {f.depart} from {esc(airport_label(f.origin))}, arrives {f.arrive} in {esc(airport_label(f.dest))}</p>
<p>Passengers:</p><ul>{who}</ul><p><a href="/trips">Manage my trips</a></p></div>"""


def trips(ref: str, last: str, found: str, error: str = "") -> str:
    err = f'<p class="error" role="alert">{esc(error)}</p>' if error else ""
    return f"""<div class="panel"><h1 style="margin-top:0">My trips</h1><p>Find a booking with its reference and a passenger's last name.</p>
<form method="get" action="/trips" class="pax"><label>Booking reference<input name="ref" required value="{esc(ref)}"></label>
<label>Last name<input name="last" required value="{esc(last)}"></label>{err}<p class="full"><button class="btn">Find booking</button></p></form></div>{found}"""


def baggage() -> str:
    rows = "".join(f"<tr><td>{esc(a)}</td><td>{esc(b)}</td></tr>" for a, b in BAG_FEES)
    return f"""<div class="panel"><h1 style="margin-top:0">Baggage fees</h1><p>Fees are per passenger and per flight when added online.</p>
<table class="fees"><tr><th>Item</th><th>Fee</th></tr>{rows}</table><p class="muted">At the airport every fee is €20 higher.</p></div>"""
