"""The wiki's tasks: look-ups in infoboxes and long tables, search, categories and comparisons."""

from __future__ import annotations

from collections.abc import Callable

from navwright.bench.tasks.sites.wiki.app import build_app
from navwright.bench.tasks.sites.wiki.data import WikiState, create_state
from navwright.bench.tasks.spec import SiteInstance, SiteSpec, TaskSpec, Verdict, answer_has

Check = Callable[[SiteInstance, str], Verdict]
WIKI = "Using the Serrantpedia wiki: "


def create() -> SiteInstance:
    state = create_state()
    return SiteInstance(build_app(state), state)


def answer_check(*needles: str) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = answer_has(answer, *needles)
        return Verdict(ok, f"answer {'has' if ok else 'lacks'} {', '.join(needles)}")

    return check


def choice_check(right: str, wrong: str, tiebreak: str) -> Check:
    """The right name is in the answer; if the wrong one is named too, the answer also gives `tiebreak`."""

    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = answer_has(answer, right) and (not answer_has(answer, wrong) or answer_has(answer, tiebreak))
        return Verdict(ok, f"expected {right} (not {wrong}); answer: {answer[:120]!r}")

    return check


def _facts() -> dict[str, str]:
    s: WikiState = create_state()
    corva, pelin, vellmar = s.by_name("Corva"), s.by_name("Pelin"), s.by_name("Vellmar")
    ports = sorted((t for t in s.towns if t.port), key=lambda t: t.population, reverse=True)
    first, second = sorted([corva, pelin], key=lambda t: t.founded)
    return {
        "corva_1908": f"{dict(corva.census)[1908]:,}",
        "ostra_july": str(s.by_name("Ostrahavn").climate[6][1]),
        "pelin_pop": f"{pelin.population:,}",
        "first": first.name,
        "second": second.name,
        "first_year": str(first.founded),
        "port": ports[0].name,
        "port_2": ports[1].name,
        "port_pop": f"{ports[0].population:,}",
        "diff": f"{vellmar.population - pelin.population:,}",
    }


def tasks() -> list[TaskSpec]:
    f = _facts()
    return [
        TaskSpec(
            "wiki-vellmar-mayor",
            "lookup",
            WIKI + "who is the mayor of Vellmar?",
            answer_check("Nadia Ferreiro"),
        ),
        TaskSpec(
            "wiki-pelin-population",
            "lookup",
            WIKI + "what is the population of Pelin?",
            answer_check(f["pelin_pop"]),
        ),
        TaskSpec(
            "wiki-corva-1908",
            "lookup",
            WIKI + "what was the population of Corva at the 1908 census?",
            answer_check(f["corva_1908"]),
        ),
        TaskSpec(
            "wiki-ostrahavn-july",
            "lookup",
            WIKI
            + "what is the average high temperature in July in Ostrahavn, according to its climate table?",
            answer_check(f["ostra_july"]),
        ),
        TaskSpec(
            "wiki-founded-first",
            "multi",
            WIKI + "which town on Isla Brava was founded first, Corva or Pelin?",
            choice_check(f["first"], f["second"], f["first_year"]),
        ),
        TaskSpec(
            "wiki-largest-port",
            "multi",
            WIKI + "which town in the category Ports has the largest population?",
            choice_check(f["port"], f["port_2"], f["port_pop"]),
        ),
        TaskSpec(
            "wiki-keeper-town",
            "multi",
            WIKI
            + "the wiki mentions a lighthouse keeper named Tobias Ferrant. Which town's article lists him "
            "among its notable people?",
            choice_check("Corva", "Port Morrow", "lighthouse"),
        ),
        TaskSpec(
            "wiki-population-gap",
            "multi",
            WIKI + "how many more inhabitants does Vellmar have than Pelin?",
            answer_check(f["diff"]),
        ),
    ]


SITE = SiteSpec("wiki", "reference wiki", create, tasks())
