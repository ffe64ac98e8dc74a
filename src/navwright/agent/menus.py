"""The navigator's menu for one look at a page: the skills that fit what the page shows (a form, a
list, a search box…), less what this step spent there, and the site's own functions first. The reply's
schema holds only those; with `stable_menu` the system prompt lists every action offered so far in the
run (`MenuLines`), so that it stays the same from call to call and the model's cache holds it and all
that follows it."""

from __future__ import annotations

from dataclasses import replace

from navwright.agent.actions import Menu, Spent, build_menu, page_features, wanted
from navwright.agent.batchend import BatchEnd
from navwright.agent.filled import filled_fields
from navwright.agent.settings import RunSettings
from navwright.agent.step import StepState
from navwright.browser.skills.base import Skill
from navwright.browser.types import Observation


def step_menu(
    obs: Observation, state: StepState, skills: list[Skill], site: list[Skill], settings: RunSettings,
    uploads: bool, held: frozenset[str] = frozenset(),
) -> Menu:
    """The menu for `obs`: generic `skills` that fit the page, and the `site`'s functions (alone while
    the step has not left them for the page itself); no skill may name the elements `held` holds back
    (agent/starting.py)."""
    api_only = bool(site) and not state.site.page and settings.site_functions_first
    features = page_features(obs, state.last, state.navigated, uploads=uploads)
    stale = frozenset(state.offered.trail.stale(obs)) | held  # named by no skill, not by a key's Enter
    state.offered.trail.see(obs)
    spent = state.offered.spent.get(obs.url, Spent())
    spent = replace(spent, stale=stale, filled=filled_fields(obs, settings.without))
    fitting = [s for s in skills if wanted(s, features) and s.name not in spent.skills]
    offered = [] if api_only else fitting
    ends = BatchEnd({s.name: s for s in offered + list(site)}, {e.id: e for e in obs.elements}, obs.url,
                    frozenset(s.name for s in site)) if settings.batch_end else None
    menu = build_menu(offered + list(site), obs.elements, max_batch=settings.max_batch,
                      risky_flag=settings.confirm.trust_model_flag,
                      thought=settings.navigator_thought, spent=spent, use_page=api_only,
                      closes=ends.closed if ends is not None else None)
    menu.features = frozenset(features)
    return menu


class MenuLines:
    """The menu lines of one run's system prompt: with `stable`, each action offered so far, in the order
    first offered (a line is added at the end, never taken away: what the page allows now is the reply
    schema's business); else the page's menu as it is."""

    def __init__(self, stable: bool) -> None:
        self.stable = stable
        self.shown: dict[str, None] = {}

    def lines(self, menu: Menu) -> list[str]:
        if not self.stable:
            return menu.lines
        self.shown.update(dict.fromkeys(menu.lines))
        return list(self.shown)
