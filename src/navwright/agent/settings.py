"""Settings of one run: budgets, observation, the confirmation policy. Small pydantic models."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from navwright.agent.rulenames import RULE_NAMES

DEFAULT_RISKY_WORDS = [
    "buy", "pay", "order", "book", "send", "delete", "remove", "checkout", "check out", "purchase",
    "transfer", "donate", "subscribe", "place order", "confirm", "submit payment", "submit application",
    "send application",
]
DEFAULT_SENSITIVE_INPUTS = [
    "cc-number", "cc-csc", "cc-exp", "cc-exp-month", "cc-exp-year", "cc-name", "card", "cvc", "iban",
]


class ConfirmPolicy(BaseModel):
    """When the person must approve an action before it runs."""

    enabled: bool = True
    risky_words: list[str] = Field(default_factory=lambda: list(DEFAULT_RISKY_WORDS))
    sensitive_inputs: list[str] = Field(default_factory=lambda: list(DEFAULT_SENSITIVE_INPUTS))
    trust_model_flag: bool = True
    """Ask when the model marks an action `risky`."""
    skill_flag: Literal["always", "risky_words"] = "risky_words"
    """For skills flagged needs_confirmation (state-changing site functions): ask always, or only when
    their name or description says buy/pay/order/delete... (add_to_cart then runs like its button)."""


class SiteEntry(BaseModel):
    """One site of the optional catalog the planner may choose from."""

    name: str
    url: str
    purpose: str = ""


class RunSettings(BaseModel):
    """Budgets and behaviour of one run."""

    max_steps: int = Field(6, ge=1)
    """Planner web steps at most."""
    timeout_s: float = Field(600.0, gt=0, allow_inf_nan=False)
    """Seconds the whole run may take (`--timeout`); past them it ends as failed, saying what it did."""
    max_actions_per_step: int = 12
    max_calls_per_step: int = 6
    """Navigator model calls in one step at most."""
    navigator_thought: bool = False
    """The navigator writes one short sentence (what it sees, what it does) before its actions
    (tried on the demo shop with the 1.5B model: long generic sentences, no better choices)."""
    site_functions_first: bool = True
    """On a page that publishes its own functions (site API), the navigator is first offered those
    functions alone and may leave them for the page's controls (`use_the_page`). With the 1.5B model
    and both menus at once, the word "cart" in a task drew it to the Cart link before the search
    function it had also chosen."""
    max_batch: int = 5
    """Actions the navigator may return in one call (a form of two fields and a button needs five
    when the model clicks each field before typing; with three it stopped short of the second field)."""
    batch_end: bool = True
    """The embedded model stops writing the navigator's answer after an action that surely ends the
    batch (a link to another page, a form sent, a search, a site function, finish: agent/batchend.py);
    what it wrote after one was never run."""
    repeat_limit: int = 3
    """The same action with the same outcome this many times ends the step (loop guard)."""
    plan_first: Literal["auto", "model"] = "auto"
    """auto: when the request comes with a page (a start URL or an open page) and there is no catalog,
    the first step is the whole request on that page, decided without a model call."""
    finish_grounded_answers: bool = True
    """A step that was the whole request and answered it with facts found on a page ends the run
    without the planner's check call (one model call less per look-up)."""
    memory: bool = True
    """Learn from verified work and replay learned workflows with no model (`navwright run` keeps
    memory in the run database). With nothing learned for the site, a run is exactly as without it."""
    screenshots: bool = True
    """Save a screenshot of the page after each step (a ScreenshotTaken event; the store keeps it)."""
    yes: bool = False
    """Approve every action that needs confirmation."""
    interactive: bool = False
    reader: bool = True
    """Before the navigator acts on a page, one short call reads the lines that match the task and
    answers a question from them (see agent/reader.py)."""
    form_fill: bool = True
    """For a question or a comparison, one short call maps the task's values onto the page's form and
    code fills and submits it (see agent/formfill.py)."""
    page_once: bool = False
    """The navigator's message writes a page where it was read among the step's history, the actions on
    it since after it (agent/text/looks.py), instead of the whole page anew, last, each call. Off by
    default: it cut the tokens a call evaluates, and one more wrong answer was claimed as success on the
    apps' validation part. Tried again on the development part's first ten tasks (2026-12-01): 6/10
    against 8/10 without it; on Trac's ticket page the model, reading the page above its history, pressed
    a wiki toolbar's "Link" and searched again instead of "Modify" (calls of 4-10 s instead of 21 s)."""
    matching_once: bool = True
    """The lines of the page that match the task are shown to the navigator only where its view of the
    page does not already hold them (agent/text/looks.py `beyond`). The 1.5B model reads the block as a
    spotlight, both ways: without the dedupe (off) the demo task searched "headphones", never added to the
    cart and ended unverified; with it (on) two tasks of the development suite were lost (mail-bike-quote,
    flights-trip-time), each where the block was the only difference in the prompt. The demo decides."""
    stable_menu: bool = True
    """The navigator's system prompt lists every action offered so far in the run, not only those the
    page allows now (the reply's schema still allows only those, agent/menus.py): a prompt whose menu
    changed with the page was evaluated again from the menu on, the step's history and page included.
    On the apps' validation part (with `beyond`'s matching lines) the median navigator call evaluated 502
    tokens instead of 582, in 16.3 s instead of 20.3 s; 3/21 done against 4/21 (precision 100 % both)."""
    without: list[str] = Field(default_factory=list)
    """Named rules switched off for this run (`--without NAME`, agent/rules.py lists them): the vetoes of
    agent/vetoes.py, the guards and checks of agent/judge/, the navigator's procedures and batch rules
    (agent/procedures/)."""
    verify: bool = True
    """A question's answer that code's checks passed is read once more by a short model call that sees
    only the question, the answer and its quoted lines (agent/judge/model_check.py)."""
    compare: bool = True
    """For a task that asks for the cheapest, best rated, quickest... code picks it from the records of
    a list page about the task (see agent/compare.py)."""
    matching_lines: int = Field(5, ge=0)
    """Lines of the whole page (all screens) that best match the task, shown to the navigator before
    the page (0: none)."""
    observe_budget_tokens: int = 1400
    planner_page_tokens: int = 350
    """Page text the planner reads when it checks a step report."""
    planner_max_tokens: int = 200
    navigator_max_tokens: int = 240
    allowed_domains: list[str] = Field(default_factory=list)
    upload_dirs: list[str] = Field(default_factory=list)
    profile: str = ""
    """What the planner knows about the person (name, city, preferences...)."""
    catalog: list[SiteEntry] = Field(default_factory=list)
    today: dt.date | None = None
    confirm: ConfirmPolicy = Field(default_factory=ConfirmPolicy)

    @field_validator("without")
    @classmethod
    def _known_rules(cls, names: list[str]) -> list[str]:
        unknown = [n for n in names if n not in RULE_NAMES]
        if unknown:
            raise ValueError(f"no rule named {', '.join(unknown)}; the rules are: {', '.join(RULE_NAMES)}")
        return names
