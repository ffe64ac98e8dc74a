"""Examples from memory. For the navigator: the verified step most like the new request (this site's
first, then another site's when it is very like), written as one compact line of actions. For the
planner: the steps of a past run whose request is most like this one. Each within a token budget; no
similar work, no example, and the prompt is exactly what it is without memory."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from navwright.browser.render import estimate_tokens
from navwright.memory.models import LearnedStep
from navwright.memory.similar import alike, most_like
from navwright.memory.template import fill, filled

EXAMPLE_TOKENS = 240
"""Most tokens an example may take by `estimate_tokens` (which counts each JSON mark as one and errs
high); actions (or a plan's steps) are dropped from the end to fit."""
EXAMPLES = 2
"""The navigator sees this many examples at most (two unlike ones show what varies); the second
only when both fit in 1.5 x EXAMPLE_TOKENS."""
LABEL_CHARS = 40
PLAN_STEPS = 5
"""Most steps a plan example shows."""


def most_similar(request: str, steps: list[LearnedStep], *, elsewhere: bool = False,
                 most: int = 1) -> list[LearnedStep]:
    """The steps whose requests are most like this one (the most like first), when like it enough;
    one per request template (a second run of the same request teaches nothing new)."""
    ranked = alike(request, [(fill(s.request, s.values), s.request) for s in steps], elsewhere=elsewhere)
    chosen: list[LearnedStep] = []
    for step in (steps[i] for i in ranked):
        if all(step.request != c.request for c in chosen):
            chosen.append(step)
    return chosen[:most]


def similar_run(task: str, steps: list[LearnedStep]) -> list[LearnedStep]:
    """The steps, in order, of the past run whose request is most like `task` ([] when none is)."""
    runs: dict[str, list[LearnedStep]] = {}
    for step in sorted(steps, key=lambda s: s.ts):
        if step.run_id and step.task:
            runs.setdefault(step.run_id, []).append(step)
    if not runs:
        return []
    tasks = [(fill(run[0].task, run[0].values), run[0].task) for run in runs.values()]
    found = most_like(task, tasks)
    return list(runs.values())[found] if found is not None else []


@cache
def _template(name: str) -> str:
    return resources.files("navwright.memory").joinpath(f"prompts/{name}.txt").read_text("utf-8")


def examples_text(steps: list[LearnedStep], where: str = "on this site") -> str:
    """Up to EXAMPLES compact examples ("" for none): the second only if both fit the budget."""
    text = example_text(steps[0], where) if steps else ""
    for step in steps[1:EXAMPLES]:
        more = example_text(step, where)
        if text and more and estimate_tokens(text + more) <= EXAMPLE_TOKENS * 3 // 2:
            text += more
    return text


def example_text(step: LearnedStep, where: str = "on this site") -> str:
    """One compact example: the request and its actions as the navigator writes them (labels, no ids)."""
    calls: list[str] = []
    for action in step.actions:
        call: dict[str, object] = {"name": action.skill}
        if action.target is not None:
            t = action.target
            label = fill(t.name or t.label or t.role, step.values)  # a bare field: its role
            call[action.element_param or "element"] = label[:LABEL_CHARS]  # page text: kept short
        call.update(filled(action.params, step.values))
        calls.append(json.dumps(call, ensure_ascii=False, separators=(",", ":")))
    request = fill(step.request, step.values)
    while calls:
        text = _template("example").format(where=where, request=request, actions=", ".join(calls))
        if estimate_tokens(text) <= EXAMPLE_TOKENS:
            return "\n" + text.rstrip("\n")
        calls.pop()
    return ""


def plan_example_text(run: list[LearnedStep]) -> str:
    """A past run for the planner: its request and the web steps that did it ("" for none)."""
    if not run:
        return ""
    lines = [f'{i}. web_step on {s.site or "the current page"}: "{fill(s.request, s.values)}"'
             for i, s in enumerate(run[:PLAN_STEPS], 1)]
    task = fill(run[0].task, run[0].values)
    while lines:
        text = _template("plan_example").format(request=task, steps="\n".join(lines))
        if estimate_tokens(text) <= EXAMPLE_TOKENS:
            return text.rstrip("\n")
        lines.pop()
    return ""
