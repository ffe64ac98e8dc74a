"""Routes of the wiki: main page, articles, full-text search, categories."""

from __future__ import annotations

import re
from urllib.parse import unquote

from navwright.bench.tasks.sites.wiki import pages
from navwright.bench.tasks.sites.wiki.data import WikiState
from navwright.bench.tasks.web import App, Reply, Request


def _text(html: str) -> str:
    """The readable text of an article's main part, without its categories box."""
    html = html.split("<main>")[-1].split('<div class="cats">')[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def build_app(state: WikiState) -> App:
    app = App("wiki")
    by_slug = {t.slug: t for t in state.towns}

    def documents() -> list[tuple[str, str, str]]:
        docs = [
            (t.name, f"/wiki/{t.slug}", _text(pages.article(t, by_slug)))
            for t in state.towns
        ]
        docs += [
            (i.name, f"/wiki/{i.slug}", _text(pages.island(i, []))) for i in state.islands
        ]
        return docs

    @app.get("/")
    def home(req: Request) -> Reply:
        return Reply(body=pages.main_page(state.islands, state.towns))

    @app.get("/wiki/{slug}")
    def article(req: Request) -> Reply:
        slug = req.params["slug"]
        town = by_slug.get(slug)
        if town is not None:
            return Reply(body=pages.article(town, by_slug))
        island = next((i for i in state.islands if i.slug == slug), None)
        if island is None:
            return Reply(404, pages.page("Not found", f"<h1>No article named {slug}</h1>"))
        return Reply(body=pages.island(island, [t for t in state.towns if t.island == island.name]))

    @app.get("/search")
    def search(req: Request) -> Reply:
        q = req.query.get("q", "").strip()
        with app.lock:
            state.searches.append(q)
        results = []
        for title, href, text in documents():
            if not q:
                results.append((title, href, text[:120]))
                continue
            at = text.lower().find(q.lower())
            if at >= 0:
                results.append((title, href, "..." + text[max(0, at - 60) : at + 90] + "..."))
        results.sort(key=lambda r: r[0].lower() != q.lower())
        return Reply(body=pages.search(q, results))

    @app.get("/category/{name}")
    def category(req: Request) -> Reply:
        name = unquote(req.params["name"])
        if name == "Islands":
            members = [(i.name, f"/wiki/{i.slug}") for i in state.islands]
        else:
            members = [(t.name, f"/wiki/{t.slug}") for t in state.towns if name in t.categories]
        if not members:
            return Reply(404, pages.page("Not found", f"<h1>No category named {name}</h1>"))
        return Reply(body=pages.category(name, sorted(members)))

    return app
