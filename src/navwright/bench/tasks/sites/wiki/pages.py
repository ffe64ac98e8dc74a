"""HTML of the wiki: layout, main page, article, search results, category pages."""

from __future__ import annotations

from importlib.resources import files

from navwright.bench.tasks.sites.wiki.data import Island, Town
from navwright.bench.tasks.web import esc


def css() -> str:
    return files("navwright.bench.tasks.sites.wiki").joinpath("site.css").read_text(encoding="utf-8")



def page(title: str, content: str, query: str = "") -> str:
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{esc(title)} - Serrantpedia</title><meta name="viewport" content="width=device-width, initial-scale=1">
<style>{css()}</style></head><body>
<header><a class="logo" href="/">Serrantpedia<small>The Serrant Islands encyclopedia</small></a>
<form action="/search" method="get" role="search"><input type="search" name="q" value="{esc(query)}"
placeholder="Search Serrantpedia" aria-label="Search Serrantpedia"><button
type="submit">Search</button></form></header>
<div class="wrap"><aside><a href="/">Main page</a><a href="/category/Ports">Ports</a>
<a href="/wiki/isla-brava">Isla Brava</a><a href="/wiki/tervo">Tervo</a><a href="/wiki/morrow-isle">Morrow
Isle</a>
<a href="/search?q=">All articles</a></aside><main>{content}</main></div>
<footer>Text is available under an open licence. Serrantpedia is a fictional
encyclopedia.</footer></body></html>"""


def link(town: Town) -> str:
    return f'<a href="/wiki/{town.slug}">{esc(town.name)}</a>'


def main_page(islands: list[Island], towns: list[Town]) -> str:
    items = "".join(f'<li><a href="/wiki/{i.slug}">{esc(i.name)}</a>: {esc(i.summary)}.</li>'
                    for i in islands)
    return page("Main page", f"""<h1>Welcome to Serrantpedia</h1>
<p>The free encyclopedia of the Serrant Islands,
an archipelago of three inhabited islands and {len(towns)} towns. Use the search box to find an article.</p>
<h2>Islands</h2><ul>{items}</ul><h2>Featured article</h2><p>{link(towns[0])} is the largest town of the
archipelago
and its oldest working shipyard.</p>""")


def _infobox(t: Town) -> str:
    rows = [("Island", f'<a href="/wiki/{t.island.lower().replace(" ", "-")}">{esc(t.island)}</a>'),
            ("Founded", str(t.founded)), ("Founder", esc(t.founder)), ("Mayor", esc(t.mayor)),
            ("Area", f"{t.area_km2} km²"), ("Elevation", f"{t.elevation_m} m"),
            ("Population (2020)", f"{t.population:,}"), ("Density", f"{t.population / t.area_km2:,.0f}/km²"),
            ("Main industry", esc(t.industry))]
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return f'<table class="infobox"><caption>{esc(t.name)}</caption><tbody>{body}</tbody></table>'


def article(t: Town, others: dict[str, Town]) -> str:
    near = ", ".join(link(others[s]) for s in t.neighbours if s in others)
    census = "".join(f"<tr><td>{y}</td><td>{p:,}</td></tr>" for y, p in t.census)
    climate = "".join(f"<tr><td>{m}</td><td>{h}</td><td>{lo}</td><td>{r}</td></tr>"
                      for m, h, lo, r in t.climate)
    mayors = "".join(f"<tr><td>{term}</td><td>{esc(name)}</td></tr>" for term, name in t.mayors)
    people = "".join(f"<li>{esc(n)}, {esc(w)}</li>" for n, w in t.notable)
    cats = " | ".join(f'<a href="/category/{esc(c)}">{esc(c)}</a>' for c in t.categories)
    harbour = ("Its deep natural harbour has made it one of the ports of the archipelago." if t.port
               else "The town has no harbour of its own and relies on the roads to the coast.")
    return page(t.name, f"""<h1>{esc(t.name)}</h1>{_infobox(t)}
<p><b>{esc(t.name)}</b> is a town on the island of {esc(t.island)} in the Serrant Islands. It was founded in
{t.founded} by {esc(t.founder)} and had {t.population:,} inhabitants at the 2020 census. {harbour}</p>
<div class="toc"><b>Contents</b><ol><li><a href="#history">History</a></li><li><a
href="#geography">Geography</a></li>
<li><a href="#economy">Economy</a></li><li><a href="#population">Population</a></li><li><a
href="#climate">Climate</a></li>
<li><a href="#mayors">Mayors</a></li>
<li><a href="#landmarks">Landmarks</a></li><li><a href="#people">Notable people</a></li></ol></div>
<h2 id="history">History</h2><p>The first permanent settlement was laid out in {t.founded}, when
{esc(t.founder)}
obtained a charter from the island council. The early town consisted of a chapel, a market square and a row of
warehouses. During the eighteenth century the town grew slowly; epidemics in 1771 and 1803 reduced its
population,
and a fire in 1849 destroyed much of the old quarter, which was rebuilt in stone.</p>
<p>The twentieth century brought a road network, electricity in the 1920s and a secondary school. The
present town
hall dates from 1934. Today the town is governed by a council of eleven members led by the mayor,
{esc(t.mayor)}.</p>
<h2 id="geography">Geography</h2><p>The town covers {t.area_km2} km² at an average elevation of
{t.elevation_m} m
above sea level. Neighbouring towns on {esc(t.island)} include {near}. The surrounding land is a mix of
pasture,
scrub and, in the valleys, terraced fields.</p>
<h2 id="economy">Economy</h2><p>The main industry is {esc(t.industry)}. Tourism has grown since the 1990s,
and a
weekly market is held on Saturdays. The largest employer is the town itself, followed by the island
hospital.</p>
<h2 id="population">Population</h2><p>The table lists the population at each census of the Serrant
Islands.</p>
<table class="wikitable" aria-label="Population by census">
<thead><tr><th>Census</th><th>Population</th></tr></thead>
<tbody>{census}</tbody></table>
<h2 id="climate">Climate</h2><p>{esc(t.name)} has a temperate maritime climate with mild summers.</p>
<table class="wikitable" aria-label="Climate data"><thead><tr><th>Month</th><th>Average high (°C)</th>
<th>Average low (°C)</th><th>Rain (mm)</th></tr></thead><tbody>{climate}</tbody></table>
<h2 id="mayors">Mayors since 1946</h2>
<table class="wikitable" aria-label="Mayors"><thead><tr><th>Term</th><th>Mayor</th></tr></thead>
<tbody>{mayors}</tbody></table>
<h2 id="landmarks">Landmarks</h2>
<p>The old quarter keeps its grid of narrow lanes around the market square. The
parish church, rebuilt after the fire of 1849, has a bell tower that can be climbed on summer afternoons.
The town
museum, in the former customs house, shows tools, maps and photographs from the nineteenth century, and a
walking
trail leads from the square to the viewpoint above the town.</p>
<p>Every year in late August the town holds its founding festival, with a procession, music on the square
and a
regatta or, inland, a cross-country race. The festival committee publishes its programme in June.</p>
<h2 id="transport">Transport</h2>
<p>The island road links the town with its neighbours several times a day by bus.
The nearest ferry terminal has sailings to the other islands of the archipelago; crossings take between forty
minutes and two hours depending on the route and the season. There is no railway on the islands.</p>
<h2 id="education">Education</h2><p>The town has a primary school and shares a secondary school with its
neighbours. Adult education classes in languages, boat handling and local history are held in the library.</p>
<h2 id="people">Notable people</h2><ul>{people}</ul>
<div class="cats">Categories: {cats}</div>""")


def island(i: Island, towns: list[Town]) -> str:
    rows = "".join(f"<tr><td>{link(t)}</td><td>{t.founded}</td></tr>" for t in towns)
    return page(i.name, f"""<h1>{esc(i.name)}</h1><p><b>{esc(i.name)}</b> is {esc(i.summary)}. It covers
{i.area_km2} km²; its highest point is {esc(i.highest_point)}.</p><h2>Towns</h2>
<table class="wikitable"><thead><tr><th>Town</th><th>Founded</th></tr></thead><tbody>{rows}</tbody></table>
<div class="cats">Categories: <a href="/category/Islands">Islands</a></div>""")


def search(query: str, results: list[tuple[str, str, str]]) -> str:
    items = "".join(f'<div class="result"><a href="{href}">{esc(title)}</a>'
                    f'<div class="snip">{esc(snip)}</div></div>'
                    for title, href, snip in results)
    plural = "" if len(results) == 1 else "s"
    head = "<p>All articles.</p>"
    if query:
        head = f'<p>{len(results)} result{plural} for "<b>{esc(query)}</b>".</p>'
    items = items or "<p>There were no results.</p>"
    return page("Search results", f"<h1>Search results</h1>{head}{items}", query)


def category(name: str, members: list[tuple[str, str]]) -> str:
    items = "".join(f'<li><a href="{href}">{esc(title)}</a></li>' for title, href in members)
    return page(f"Category:{name}", f"<h1>Category: {esc(name)}</h1>"
                f"<p>{len(members)} pages are in this category.</p>"
                f"<ul>{items}</ul>")
