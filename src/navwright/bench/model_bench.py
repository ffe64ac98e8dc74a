"""`navwright bench model`: how fast the embedded model reads, writes, and reuses a shared prompt prefix.

Measures on a realistic agent prompt (~800 tokens: a stable system part of ~500 tokens, then a page):
prompt tokens/s, generated tokens/s, first-token latency, and the second call's prompt time with the
shared prefix reused from the KV cache versus evaluated again (cache dropped). Each figure is the median
of `repeats` runs; the load average is recorded because other work on the machine skews CPU timings.
Generation is also measured on answers the agent really wrote (`model_replay`): the stand-in answer
opens with a new sentence of thought, which no lookup draft can copy, while the agent's answers are
mostly names, ids and JSON from their prompts.
"""

from __future__ import annotations

import asyncio
import os
import statistics
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, create_model
from rich.console import Console
from rich.table import Table

from navwright.bench.model_replay import ReplayFigures, quiet, recorded_calls, replay_generation
from navwright.models.base import Message
from navwright.models.config import ModelConfig
from navwright.models.embedded import LlamaRunner, physical_cores
from navwright.models.factory import ModelPool
from navwright.models.timing import GenerationTiming, stream_timing
from navwright.models.weights import Say

TARGETS = {"prompt_tok_s": 80.0, "agent_gen_tok_s": 18.0, "reuse_cut": 0.5}

_SKILLS = [
    ("click", "id", "Click the element with this id. Use it for buttons, links, checkboxes and tabs."),
    ("type", "id, text, submit", "Type text into a field, replacing what is there; submit presses Enter."),
    ("select", "id, option", "Choose an option of a select element by its visible label."),
    ("press", "key", "Press a key on the focused element, e.g. Enter, Escape, ArrowDown, Tab."),
    ("scroll", "direction", "Scroll the page up or down by one screen to see more elements."),
    ("open_url", "url", "Open a URL in the current tab. Only for URLs the user or the page gave you."),
    ("read_page", "mode", "Read the page again as text, fields or all, when the last result is not enough."),
    ("report", "status, summary, answer", "End this step: say what happened and give the answer if any."),
]


def agent_system_prompt() -> str:
    """A stand-in for the navigator's stable prompt part: rules, skills and one example (~500 tokens)."""
    rules = [
        "You are the navigator of a web agent. You carry out one step of a larger task on one website.",
        'You see the page as lines: `[id] role "name" value`. Ids are stable while an element stays.',
        "Pick one or more actions that move the step forward. Prefer the most direct element.",
        "Never invent ids. If the element you need is not listed, scroll or read the page again.",
        "When a form needs data you were not given, report status need_user with the question.",
        "When the step is done, report status done with a one-sentence summary and the answer.",
        "When the page shows an error you cannot fix, report status failed and quote the error.",
        'Answer with JSON only: {"thought": "...", "actions": [{"skill": "...", ...}]}.',
    ]
    skills = [f"- {name}({args}): {doc}" for name, args, doc in _SKILLS]
    example = (
        'Example page:\n[3] textbox "Email"\n[4] textbox "Password"\n[5] button "Sign in"\n'
        "Example step: sign in as ada@example.org with password from the profile.\n"
        'Example answer: {"thought": "Fill both fields and submit.", "actions": [{"skill": "type", '
        '"id": "3", "text": "ada@example.org"}, {"skill": "type", "id": "4", "text": "(profile)", '
        '"submit": true}]}'
    )
    return "\n".join([*rules, "", "Skills:", *skills, "", example, "", *rules[:4]])


def page_prompt(variant: int) -> str:
    """A changing page part (~300 tokens); different `variant`s share nothing after the first line."""
    words = ["Invoice", "Report", "Draft", "Photo", "Order", "Ticket", "Note", "Plan"]
    lines = [f"Step: open the {words[variant % 8].lower()} list and archive the oldest item."]
    for i in range(15):
        n = variant * 100 + i
        lines.append(f'[{n}] link "{words[(i + variant) % 8]} #{n} — updated {i + 1} days ago"')
    return "\n".join(lines)


def answer_schema(variant: int) -> type[BaseModel]:
    """The JSON answer the agent is held to: a list of skills on the ids of this page (made per call)."""
    ids = [str(variant * 100 + i) for i in range(15)]
    skill: Any = Literal[tuple(name for name, _args, _doc in _SKILLS)]
    element: Any = Literal[tuple(ids)]
    action = create_model("BenchAction", skill=(skill, ...), id=(element | None, None))
    return create_model("BenchAnswer", thought=(str, ...), actions=(list[action], ...))


def _messages(variant: int) -> list[Message]:
    return [
        Message(role="system", content=agent_system_prompt()),
        Message(role="user", content=page_prompt(variant)),
    ]


class ModelBenchReport(BaseModel):
    model: str
    threads: int
    repeats: int
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    prompt_tokens: int
    shared_tokens: int
    prompt_tok_s: float
    gen_tok_s: float
    """Greedy generation as the agent runs it: prompt-lookup drafts checked in batches."""
    gen_tok_s_plain: float = 0.0
    replay: ReplayFigures | None = None
    """Generation on recorded agent answers (`model_replay`): what an agent call waits for."""
    """The same answer generated one token per decode (llama-cpp-python's own loop)."""
    first_token_s: float
    second_prompt_s_reuse: float
    second_prompt_s_no_reuse: float
    call_s: float = 0.0
    """A whole first call: the prompt, then `gen_tokens` generated (what an agent step waits for)."""
    gen_tokens: int = 32
    extra_buffers: bool = False
    """The weight layout measured: llama.cpp's repacked buffers (where the CPU runs them) or plain."""

    @property
    def reuse_cut(self) -> float:
        if self.second_prompt_s_no_reuse <= 0:
            return 0.0
        return 1.0 - self.second_prompt_s_reuse / self.second_prompt_s_no_reuse

    def targets_met(self) -> dict[str, bool]:
        agent = self.replay.lookup_tok_s if self.replay else 0.0
        got = {"prompt_tok_s": self.prompt_tok_s, "agent_gen_tok_s": agent, "reuse_cut": self.reuse_cut}
        return {k: got[k] >= v for k, v in TARGETS.items()}


class _Samples(BaseModel):
    prompt_tokens: int = 0
    shared_tokens: int = 0
    pp: list[float] = []
    tg: list[float] = []
    ttft: list[float] = []
    reuse: list[float] = []
    fresh: list[float] = []
    call: list[float] = []
    tg_plain: list[float] = []


def _gen_rate(t: GenerationTiming) -> float:
    """Tokens per second after the first (the first token's time is the prompt's)."""
    return (t.generated - 1) / t.generation_s if t.generated > 1 and t.generation_s > 0 else 0.0


def _measure(runner: LlamaRunner, repeats: int, gen_tokens: int, say: Say) -> _Samples:
    first_prompt, second_prompt, schema = _messages(1), _messages(2), answer_schema(1)
    s = _Samples()
    for i in range(repeats):
        say(f"stand-in prompt, run {i + 1} of {repeats}: read, reuse, read again, generate twice")
        runner.forget_prefix()
        first = stream_timing(runner, first_prompt, gen_tokens, schema)
        s.prompt_tokens = first.prompt_tokens
        s.pp.append(first.prompt_tokens / first.first_token_s)
        s.tg.append(_gen_rate(first))
        s.ttft.append(first.first_token_s)
        s.call.append(first.first_token_s + first.generation_s)
        second = stream_timing(runner, second_prompt, 1)
        s.shared_tokens = second.reused_tokens
        s.reuse.append(second.first_token_s)
        runner.forget_prefix()
        s.fresh.append(stream_timing(runner, second_prompt, 1).first_token_s)
        runner.forget_prefix()
        s.tg_plain.append(_gen_rate(stream_timing(runner, first_prompt, gen_tokens, schema, lookup=False)))
    return s


async def run_model_bench(
    pool: ModelPool | None = None, *, path: Path | None = None, repeats: int = 3, gen_tokens: int = 32,
    extra_buffers: bool = True, say: Say = quiet,
) -> ModelBenchReport:
    """Benchmark the embedded model (the default one unless `path`) and return medians; `say` hears
    a line as each measurement starts (the whole bench takes minutes on 2 cores)."""
    pool = pool or ModelPool(ModelConfig(extra_buffers=extra_buffers))
    runner = pool.runner(path)
    say(f"loading {runner.path.name}")
    await asyncio.to_thread(
        runner.tokenize, [Message(role="user", content="warm up")]
    )  # load the weights outside the timings
    load_before = os.getloadavg()
    s = await asyncio.to_thread(_measure, runner, repeats, gen_tokens, say)
    replay = await asyncio.to_thread(replay_generation, runner, recorded_calls(), say)
    med = statistics.median
    return ModelBenchReport(
        model=runner.path.name, threads=runner.settings.n_threads or physical_cores(), repeats=repeats,
        load_before=load_before, load_after=os.getloadavg(), prompt_tokens=s.prompt_tokens,
        shared_tokens=s.shared_tokens, prompt_tok_s=med(s.pp), gen_tok_s=med(s.tg),
        gen_tok_s_plain=med(s.tg_plain), replay=replay, first_token_s=med(s.ttft),
        second_prompt_s_reuse=med(s.reuse), second_prompt_s_no_reuse=med(s.fresh), call_s=med(s.call),
        gen_tokens=gen_tokens, extra_buffers=pool.config.extra_buffers,
    )  # fmt: skip


def print_model_bench(report: ModelBenchReport, console: Console | None = None) -> None:
    console = console or Console()
    met = report.targets_met()
    mark = {True: "[green]ok[/]", False: "[red]below[/]"}
    layout = {True: "repacked weights", False: "plain weights"}
    table = Table(title=f"Embedded model — {report.model}, {report.threads} threads, "
                        f"{layout[report.extra_buffers]}, median of {report.repeats}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    table.add_row("prompt tokens/s", f"{report.prompt_tok_s:.1f}", f">= 80 {mark[met['prompt_tok_s']]}")
    if report.replay is not None:
        r = report.replay
        table.add_row(
            f"generated tokens/s, {r.calls} recorded agent answers ({r.tokens} tokens), lookup drafts",
            f"{r.lookup_tok_s:.1f}", f">= 18 {mark[met['agent_gen_tok_s']]}",
        )  # fmt: skip
        table.add_row("the same answers, one token per decode", f"{r.plain_tok_s:.1f}", "")
    table.add_row("generated tokens/s, stand-in answer (new thought), lookup", f"{report.gen_tok_s:.1f}", "")
    table.add_row("the same answer, one token per decode", f"{report.gen_tok_s_plain:.1f}", "")
    table.add_row(f"first token ({report.prompt_tokens}-token prompt)", f"{report.first_token_s:.2f} s", "")
    table.add_row(
        f"2nd call prompt, {report.shared_tokens} tokens reused", f"{report.second_prompt_s_reuse:.2f} s", ""
    )
    table.add_row("2nd call prompt, cache dropped", f"{report.second_prompt_s_no_reuse:.2f} s", "")
    table.add_row("time cut by prefix reuse", f"{report.reuse_cut:.0%}", f">= 50% {mark[met['reuse_cut']]}")
    call = f"whole call ({report.prompt_tokens} in, {report.gen_tokens} out)"
    table.add_row(call, f"{report.call_s:.2f} s", "")
    console.print(table)
    before = ", ".join(f"{x:.1f}" for x in report.load_before)
    after = ", ".join(f"{x:.1f}" for x in report.load_after)
    console.print(
        f"load average before: {before}; after: {after} (other work on the machine slows CPU figures)"
    )
