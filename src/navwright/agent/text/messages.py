"""Every text a model reads is written here: the planner's, the navigator's, the reader's and the form
filler's messages, stable text first, the changing page last. The Caller (agent/modelcall.py) masks
secrets in each message on its way to the model: the one gate to the models."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

from navwright.agent.clauses import progress
from navwright.agent.columns import labelled
from navwright.agent.grounding import Evidence
from navwright.agent.history import Entry
from navwright.agent.named import Named
from navwright.agent.outcomes import StepReport
from navwright.agent.text.looks import Look, Since
from navwright.agent.text.notes import entry_line
from navwright.browser.render import PAGE_TAG, quote_page
from navwright.models.base import Message


def load_prompt(name: str) -> str:
    return (resources.files("navwright.agent.text") / "prompts" / f"{name}.txt").read_text(encoding="utf-8")


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


def messages(system: str, user: str) -> list[Message]:
    """A system prompt (a prompts/ file's name) and the user message."""
    return [Message(role="system", content=load_prompt(system)), Message(role="user", content=user)]


def planner_messages(ctx: PlanContext, url: str, title: str, check_text: str | None = None) -> list[Message]:
    """The planner's next decision, or (`check_text`: the page's text) its check of a step that reported
    done."""
    user = planner_message(ctx, url, title, check_text or "")
    return messages("planner" if check_text is None else "check", user)


def navigator_messages(thought: bool, menu: list[str], example: str, user: str) -> list[Message]:
    """The navigator's system prompt with its menu of actions (and a learned example), then `user`."""
    system = load_prompt("navigator_thought" if thought else "navigator")
    return [Message(role="system", content=system.replace("{actions}", "\n".join(menu)) + example),
            Message(role="user", content=user)]


def reader_messages(task: str, lines: str) -> list[Message]:
    return messages("reader", f"Task: {task}\nLines:\n{quote_page(lines)}")


def reader_lines(notes: list[str], lines: str) -> str:
    """The lines the reader reads: its notes from pages read before (indented), then this page's."""
    return "\n".join([*(f"  {note}" for note in notes), lines])


def reader_note(line: Evidence) -> str:
    """A line holding part of the answer, kept for the reader's next call with where it was seen."""
    return f"On {line.url}: {line.quote}"


def copy_question(what: str) -> str:
    """The reader's question for a value the request copies off the page ("the 1st word in …")."""
    return f"What is {what}?"


def verify_messages(question: str, answer: str, evidence: list[Evidence]) -> list[Message]:
    """The check call: does one of the quoted lines (URL and line) show this answer to this question?"""
    lines = "\n".join(f"{e.url}: {labelled(e.quote, tuple(e.columns))}" for e in evidence)
    return messages("verify", f"Question: {question}\nAnswer: {answer}\nLines:\n{quote_page(lines)}")


def formfill_messages(task: str, person: str, fields: str, shown: list[str]) -> list[Message]:
    about = f"\nAbout the person: {person}" if person else ""
    page = f"\nShown on the page:\n{quote_page(chr(10).join(shown))}" if shown else ""
    return messages("formfill", f"Task: {task}{about}{page}\nForm fields:\n{quote_page(fields)}")


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


def person_answered(question: str, reply: str) -> str:
    return f"You asked: {question} The person answered: {reply}"


def person_fact(question: str, reply: str) -> str:
    """The planner's question and the person's reply, as a fact the navigator reads."""
    return f"{question} {reply}"


def answer_refused(why: str) -> str:
    """The planner's final answer was not grounded: it reads why."""
    return (f"Your answer was not accepted: {why}. Find it with a web_step, or give up saying what you could "
            "not find.")


def asked_back(question: str) -> str:
    """The planner asked the person the request's own question (agent/asking.py)."""
    return (f'You wanted to ask the person "{question}", but that is what they asked you: they do not '
            "know it. Find it with a web_step, or give up saying what you could not find.")


def request_changed(task: str) -> str:
    return f"The person changed the request to: {task}"


def failed_again(request: str, why: str) -> str:
    """The planner sent a step that already failed, unchanged."""
    return (f'The step "{request}" already failed ({why}). Do not send it again: split it into smaller '
            "steps, take another route, or give up.")


def step_line(step: StepRecord) -> str:
    where = f" on {step.site}" if step.site else ""
    report = step.report
    text = f'web_step{where}: "{step.request}" -> {report.status}: {report.summary}'
    if report.answer:
        text += f"; answer: {report.answer}"
    return PAGE_TAG.sub(lambda m: f"({m.group(1)}page)", text)


def navigator_message(
    task: str, request: str, facts: list[str], secret_names: list[str], done: list[Entry], look: Look,
    since: Since | None = None, person: str = "", named: list[Named] | None = None, parts: Sequence[str] = (),
    once: bool = False,
) -> str:
    """The navigator's user message. `look`: the page as the model reads it, last; with `once`, written
    after the history entries it came after, the entries since and the lines that change each call after
    it (agent/text/looks.py; `since`: what changed on the page after the look); `person`: what
    the person's profile says (name, address...), given only on a page with a form to fill; `parts`: the
    commands of the request (else of the task), in order (agent/task/parts.py)."""
    lines = [f"Task: {task}"]
    if request.strip() and request.strip() != task.strip():
        lines.append(f"Do now: {request}")
    if facts:
        lines.append("Facts from the person: " + "; ".join(facts))
    if secret_names:
        lines.append("Secrets you can type as written: " + ", ".join("{{" + n + "}}" for n in secret_names))
    at = min(look.at, len(done)) if once else len(done)
    if done[:at]:  # above what changes each call, so that the prompt evaluated before stays a prefix
        lines.append("Steps already done:")
        lines.extend(entry_line(n, entry) for n, entry in enumerate(done[:at], 1))
    if once:  # the page where it was read, what was done on it since after it, then what changes
        lines += _page(look)
        if at < len(done):
            lines.append("Steps done on this page since:")
            lines.extend(entry_line(n, entry) for n, entry in enumerate(done[at:], at + 1))
            lines += since.lines() if since else []
    marked = progress(parts, done)
    if len(marked) > 1:
        lines.append("In order: " + " ".join(f"({n}) {p.text}{' [done]' if p.done else ''}."
                                             for n, p in enumerate(marked, 1)))
    if named:
        lines.append("Named in the task: " + "; ".join(_named(n) for n in named))
    if person.strip():  # below the history: it comes and goes with the page's form
        lines.append(f"About the person: {person.strip()}")
    return "\n".join(lines if once else lines + _page(look))


def _page(look: Look) -> list[str]:
    matching = ["Lines of this page that match the task:", quote_page(look.matching)] if look.matching else []
    return [*matching, "Page now:", quote_page(look.page)]


def _named(n: Named) -> str:
    if n.opened_by is not None:
        return f'"{n.name}" is hidden: [{n.opened_by.id}] {n.opened_by.role} shows it'
    return f'"{n.name}" is ' + " or ".join(f"[{e.id}] {e.role}" for e in n.elements)
