"""Prompt text for the planner and the navigator: stable text first, the changing page last."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

from navwright.agent.outcomes import StepReport
from navwright.browser.render import PAGE_TAG, quote_page


def load_prompt(name: str) -> str:
    return (resources.files("navwright.agent") / "prompts" / f"{name}.txt").read_text(encoding="utf-8")


@dataclass
class StepRecord:
    """A web step and its report, as the planner reads it."""

    site: str
    request: str
    report: StepReport
    start_url: str = ""
    """The page the step began on."""


@dataclass
class PlanContext:
    """Everything the planner reads besides the system prompt."""

    task: str
    today: str
    start_url: str | None = None
    profile: str = ""
    catalog: list[str] = field(default_factory=list)
    steps: list[StepRecord] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    """Questions and the person's answers, task edits."""
    example: str = ""
    """A past run like this request and its steps, from memory ("" for none)."""


def planner_message(ctx: PlanContext, page_url: str, page_title: str, page_text: str = "") -> str:
    lines = [f"Today: {ctx.today}", f"Request: {ctx.task}"]
    if ctx.example:
        lines.append(ctx.example)
    if ctx.start_url:
        lines.append(f"Start URL: {ctx.start_url}")
    if ctx.profile:
        lines.append(f"About the person: {ctx.profile}")
    if ctx.catalog:
        lines.append("Sites:")
        lines.extend(f"- {entry}" for entry in ctx.catalog)
    lines.extend(ctx.said)
    if ctx.steps:
        lines.append("Steps so far:")
        lines.extend(f"{i}. {step_line(s)}" for i, s in enumerate(ctx.steps, 1))
    lines.append(f'Current page: {page_url or "none"} "{page_title}"')
    if page_text:
        lines.append(f"Page text:\n{quote_page(page_text)}")
    lines.append("Your decision?")
    return "\n".join(lines)


def step_line(step: StepRecord) -> str:
    where = f" on {step.site}" if step.site else ""
    report = step.report
    text = f'web_step{where}: "{step.request}" -> {report.status}: {report.summary}'
    if report.answer:
        text += f"; answer: {report.answer}"
    return PAGE_TAG.sub(lambda m: f"({m.group(1)}page)", text)


def navigator_message(
    task: str, request: str, facts: list[str], secret_names: list[str], done: list[str], page: str,
    matching: str = "", person: str = "",
) -> str:
    """The navigator's user message. `person`: what the person's profile says (name, address...), given
    only on a page with a form to fill."""
    lines = [f"Task: {task}"]
    if request.strip() and request.strip() != task.strip():
        lines.append(f"Do now: {request}")
    if person.strip():
        lines.append(f"About the person: {person.strip()}")
    if facts:
        lines.append("Facts from the person: " + "; ".join(facts))
    if secret_names:
        lines.append("Secrets you can type as written: " + ", ".join("{{" + n + "}}" for n in secret_names))
    if done:
        lines.append("Steps already done:")
        lines.extend(_quoted_result(line) for line in done)
    if matching:
        lines.append("Lines of this page that match the task:")
        lines.append(quote_page(matching))
    lines.append("Page now:")
    lines.append(quote_page(page))
    return "\n".join(lines)


def _quoted_result(line: str) -> str:
    """A done line `N. action -> result`: the result is what the page said, quoted as page content."""
    action, sep, result = line.partition(" -> ")
    return f"{action}{sep}{quote_page(result)}" if sep else line
