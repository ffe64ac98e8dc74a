"""`navwright bench distill / model / miniwob / sites / tasks / apps / repeat / calls`: each runs a
benchmark, prints figures (`apps --ablate`: what each rule earns; `repeat`: what a repeated task costs;
`calls`: what the model calls of runs already traced cost)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console

if TYPE_CHECKING:
    from navwright.bench.miniwob import MiniwobOptions, MiniwobReport

bench_app = typer.Typer(help="Benchmarks that print figures (medians and ratios).", no_args_is_help=True)
Opt = typer.Option


@bench_app.command("distill")
def distill(
    pages: Annotated[Path, Opt(help="Folder of saved .html pages.")],
    out: Annotated[Path | None, Opt(help="Write the JSON report here.")] = None,
    limit: Annotated[int | None, Opt(help="Only the first N pages.")] = None,
    browser_use_python: Annotated[
        Path | None, Opt(help="Python of a venv with browser-use, to measure it on the same pages.")
    ] = None,
    per_page: Annotated[bool, Opt(help="Print a row per page.")] = False,
) -> None:
    """Observe saved pages in each mode and print sizes, element counts and timings."""
    from navwright.bench.distill import print_distill_report, run_distill_bench
    from navwright.browser.chromium import BrowserSettings, find_chromium

    if not pages.is_dir():
        _fail(f"{pages} is not a folder of .html pages")
    chromium = find_chromium(BrowserSettings())
    if chromium is None:
        _fail("no Chromium found: install it (apt-get install chromium) or set NAVWRIGHT_CHROMIUM")
    report = asyncio.run(
        run_distill_bench(pages, out, limit=limit, browser_use_python=browser_use_python, chromium=chromium)
    )
    print_distill_report(report, Console(), per_page=per_page)


@bench_app.command("calls")
def calls(
    folders: Annotated[list[Path], typer.Argument(help="Benchmark --out folders (their traces/*.jsonl).")],
) -> None:
    """Print what the model calls of traced benchmark runs cost.

    Per folder, side by side: seconds per call, and per navigator call its prompt tokens and the tokens
    evaluated (not reused from the cache)."""
    from navwright.bench.call_figures import folder_figures, print_call_figures

    missing = [str(f) for f in folders if not (f / "traces").is_dir()]
    if missing:
        _fail(f"no traces/ folder in {', '.join(missing)}: give a benchmark's --out folder")
    print_call_figures([folder_figures(f) for f in folders], Console())


@bench_app.command("verify")
def verify(
    model: Annotated[str, Opt(help="The model whose check call is measured.")] = "embedded",
) -> None:
    """Put labelled answers to the verdict's check call; print its precision, recall and seconds."""
    from navwright.bench.verify_bench import print_verify_report, run_verify_bench
    from navwright.models.factory import ModelPool, make_model

    report = asyncio.run(run_verify_bench(make_model(model, ModelPool())))
    print_verify_report(report, Console())


@bench_app.command("repeat")
def repeat(
    runs: Annotated[int, Opt(help="Runs of the demo task, against one shop and one memory store.")] = 3,
    category: Annotated[str, Opt(help="The demo task's product category.")] = "headphones",
    manifest: Annotated[bool, Opt("--manifest/--no-manifest",
                                  help="The shop publishes its site API (or the page is worked).")] = True,
    model: Annotated[str, Opt(help="Model spec (default: the configured one, embedded).")] = "",
    memory_db: Annotated[Path | None, Opt(help="Memory store to use (default: a fresh one).")] = None,
    trace: Annotated[Path | None, Opt(help="Folder for each run's events (run-N.jsonl).")] = None,
) -> None:
    """The demo task run N times against one shop: model calls and seconds per run (the third replays)."""
    from navwright.demo.repeat import run_repeat

    done = asyncio.run(run_repeat(Console(), runs=runs, category=category, manifest=manifest,
                                  model=model, memory_db=memory_db, trace_dir=trace))
    raise typer.Exit(0 if done and all(r.success for r in done) else 1)


@bench_app.command("fuzz")
def fuzz(
    cases: Annotated[int, Opt(help="Generated inputs in all, shared by the properties.")] = 10_000,
    seed: Annotated[int | None, Opt(help="Random seed (default: a fixed derandomized run).")] = None,
) -> None:
    """Feed generated model answers, page-script output and config files to their parsers; count crashes."""
    try:
        from navwright.bench.fuzz import run_fuzz
    except ImportError as e:
        _fail(f"bench fuzz needs hypothesis (pip install hypothesis, or the dev extra): {e}")
    report = run_fuzz(cases, seed=seed)
    for prop in report.properties:
        crash = f"  first: {prop.first_crash}" if prop.first_crash else ""
        print(f"{prop.name}: {prop.cases} cases, {prop.crashes} crashes{crash}")
    print(f"fuzz: {report.cases} cases, {report.crashes} crashes, {report.seconds:.1f} s")
    raise typer.Exit(1 if report.crashes else 0)


@bench_app.command("model")
def model(
    model_path: Annotated[Path | None, Opt(help="A GGUF file (default: the embedded model).")] = None,
    repeats: Annotated[int, Opt(help="Repeat each measurement; medians are printed.")] = 3,
    out: Annotated[Path | None, Opt(help="Write the JSON report here.")] = None,
    extra_buffers: Annotated[
        bool,
        Opt(
            "--extra-buffers/--plain-weights",
            help="Measure llama.cpp's repacked weight layout (the default, where the CPU runs it) or plain.",
        ),
    ] = True,
    run: Annotated[str | None, Opt(help="Replay this recorded run's model calls (prompt evaluation), "
                                        "before and after saved prefixes.")] = None,
    prompt_log: Annotated[Path | None, Opt(help="With --run: the prompt log it was recorded in "
                                               "(default: [models] prompt_log).")] = None,
    full: Annotated[bool, Opt(help="With --run: also evaluate every prompt in full.")] = False,
) -> None:
    """Prompt and generation speed, first-token latency and the saving of prefix reuse."""
    from navwright.bench.model_bench import print_model_bench, run_model_bench

    if run is not None:
        from navwright.bench.model_runs import replay_command

        raise typer.Exit(replay_command(run, prompt_log, full=full, model_path=model_path,
                                        extra_buffers=extra_buffers, out=out))  # fmt: skip
    err = Console(stderr=True)

    def say(line: str) -> None:
        err.print(f"[dim]bench model: {line}…[/]", highlight=False)

    report = asyncio.run(
        run_model_bench(path=model_path, repeats=repeats, extra_buffers=extra_buffers, say=say)
    )
    if out is not None:
        out.write_text(report.model_dump_json(indent=2))
    print_model_bench(report, Console())


@bench_app.command("miniwob")
def miniwob(
    tasks: Annotated[str, Opt(help="webwise48, all, or task names separated by commas.")] = "webwise48",
    episodes: Annotated[int, Opt(help="Episodes per task.")] = 3,
    seed_base: Annotated[int, Opt(help="Episode i uses seed seed_base + i.")] = 0,
    model: Annotated[str, Opt(help="Model for planner and navigator.")] = "embedded",
    planner_model: Annotated[str | None, Opt(help="Model for the planner only.")] = None,
    navigator_model: Annotated[str | None, Opt(help="Model for the navigator only.")] = None,
    workers: Annotated[int, Opt(help="Parallel episodes, one browser each.")] = 1,
    ray: Annotated[str | None, Opt(help="Run on Ray: a cluster address, or 'local'.")] = None,
    out: Annotated[Path | None, Opt(help="Folder for results, logs and reports.")] = None,
    resume: Annotated[Path | None, Opt(help="Continue the benchmark in this folder.")] = None,
    episode_timeout: Annotated[float, Opt(help="Seconds per episode at most.")] = 300.0,
    max_actions: Annotated[int, Opt(help="Actions per episode at most.")] = 20,
    headed: Annotated[bool, Opt(help="Show the browser windows.")] = False,
    data_mode: Annotated[str, Opt(help="MiniWoB data mode: train or test.")] = "train",
    max_steps: Annotated[int | None, Opt(help="Planner web steps at most.")] = None,
    memory: Annotated[str, Opt(help="off; examples: prompts get the most similar learned step; workflows: "
                               "examples, and fitting served workflows replay with no model.")] = "off",
    memory_db: Annotated[Path | None, Opt(help="The memory store `navwright learn` filled.")] = None,
    without: Annotated[list[str] | None, Opt(help="Switch off a named rule (repeatable).")] = None,
) -> None:
    """Run the agent on MiniWoB++ tasks and write report.json, report.md and a chart."""
    from navwright.bench.miniwob import MiniwobOptions

    if memory not in ("off", "examples", "workflows"):
        _fail(f"--memory must be off, examples or workflows (got {memory}); `navwright learn` fills memory")
    options = MiniwobOptions(
        tasks=tasks, episodes=episodes, seed_base=seed_base, model=model, planner_model=planner_model,
        navigator_model=navigator_model, workers=workers, ray=ray, out=out, resume=resume,
        episode_timeout_s=episode_timeout, max_actions=max_actions, headed=headed,
        data_mode=data_mode, max_steps=max_steps, memory=memory, memory_db=memory_db, without=without or [],
    )  # fmt: skip
    run_miniwob(options)


def run_miniwob(options: MiniwobOptions) -> MiniwobReport:
    """Run the MiniWoB++ benchmark with these options and print its report; errors end it in words."""
    from navwright.bench.miniwob import BenchError, print_miniwob_report, run_miniwob_bench
    from navwright.bench.miniwob.agents import run_settings
    from navwright.bench.miniwob.memory import bench_memory
    from navwright.config import ConfigError

    try:
        run_settings(options)  # a bad config file or memory store is reported before any worker starts
        bench_memory(options)
        report = asyncio.run(run_miniwob_bench(options))
    except (BenchError, ConfigError) as exc:
        _fail(str(exc))
    print_miniwob_report(report, Console())
    return report


@bench_app.command("sites")
def sites(
    runs: Annotated[int, Opt(help="Runs with the manifest and runs without it.")] = 3,
    model: Annotated[str, Opt(help="Model spec (default: embedded).")] = "embedded",
    timeout: Annotated[float, Opt(help="Seconds one run may take; a slower run counts as failed.")] = 300.0,
) -> None:
    """The demo task with the shop's site API published and not: success, actions, calls, seconds."""
    from navwright.bench.sites_bench import print_sites_report, run_sites_bench

    report = asyncio.run(run_sites_bench(runs=runs, model=model, timeout=timeout, console=Console()))
    print_sites_report(report, Console())


@bench_app.command("tasks")
def tasks(
    tasks: Annotated[str | None, Opt(help="Task ids separated by commas.")] = None,
    site: Annotated[str | None, Opt(help="Only this site's tasks.")] = None,
    kind: Annotated[str | None, Opt(help="Only tasks of this kind: lookup, multi or action.")] = None,
    runs: Annotated[int, Opt(help="Runs of each task.")] = 1,
    timeout: Annotated[float, Opt(help="Seconds per task at most.")] = 240.0,
    model: Annotated[str, Opt(help="Model for planner and navigator.")] = "embedded",
    out: Annotated[Path | None, Opt(help="Folder for report.json, report.md and traces/ (events and "
                                        "model calls per task).")] = None,
    list_: Annotated[bool, Opt("--list", help="List the tasks and stop.")] = False,
    memory_db: Annotated[Path | None, Opt(
        help="Learn what the checks accept into this memory store and replay what it serves "
             "(with --runs 3: learn, learn, replay).")] = None,
    without: Annotated[list[str] | None, Opt(help="Switch off a named rule (repeatable).")] = None,
) -> None:
    """Run the development suite: realistic local sites, tasks judged from the sites' own state."""
    from navwright.bench.tasks.harness import run_tasks
    from navwright.bench.tasks.registry import load_suite, select
    from navwright.bench.tasks.report import build_report, print_report, write_report

    console = Console()
    suite = load_suite()
    if kind and kind not in {"lookup", "multi", "action"}:
        _fail(f"--kind is lookup, multi or action, not {kind}")
    try:
        chosen = select(suite, ids=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
                        site=site, kind=kind)  # fmt: skip
    except ValueError as exc:
        _fail(str(exc))
    for note in suite.notes:
        console.print(f"[yellow]{note}[/]", soft_wrap=True)
    if list_:
        for _site, t in chosen:
            console.print(f"{t.id:<30} {t.kind:<7} {t.request}", soft_wrap=True, markup=False)
        return
    if not chosen:
        _fail("no task matches")
    from navwright.memory import MemoryStore

    memory = MemoryStore(memory_db) if memory_db is not None else None
    rows = asyncio.run(run_tasks(
        chosen, model=model, timeout=timeout, runs=runs, trace_dir=out / "traces" if out else None,
        memory=memory, without=without or [], on_row=lambda r: console.print(
            f"{r.id}: {'[green]success[/]' if r.success else '[red]failed[/]'} (agent {r.status}, "
            f"{r.model_calls} calls, {r.seconds:.0f} s){' replayed' if r.replayed else ''} {r.why}"),
    ))  # fmt: skip
    report = build_report(rows, model=model, runs=runs, notes=suite.notes)
    if out is not None:
        write_report(report, out)
    print_report(report, console)



@bench_app.command("apps")
def apps(
    part: Annotated[str | None, Opt(help="development, validation or all (bench/apps/split.json); default "
                                         "all, with --ablate validation.")] = None,
    tasks: Annotated[str | None, Opt(help="Task ids separated by commas.")] = None,
    app: Annotated[str | None, Opt(help="Only this app's tasks (trac, wagtail, ihatemoney, pretix).")] = None,
    kind: Annotated[str | None, Opt(help="Only tasks of this kind: lookup, multi or action.")] = None,
    runs: Annotated[int, Opt(help="Runs of each task.")] = 1,
    timeout: Annotated[float, Opt(help="Seconds per task at most.")] = 240.0,
    model: Annotated[str, Opt(help="Model for planner and navigator.")] = "embedded",
    out: Annotated[Path | None, Opt(help="Folder for report.json, report.md and traces/.")] = None,
    list_: Annotated[bool, Opt("--list", help="List the tasks and stop.")] = False,
    without: Annotated[list[str] | None, Opt(help="Switch off a named rule (repeatable).")] = None,
    ablate: Annotated[bool, Opt("--ablate", help="Run the tasks with every rule, then without each "
                                                 "rule, and print what each gains (successes, precision "
                                                 "of success, medians).")] = False,
    rules: Annotated[str | None, Opt(help="With --ablate: only these rules, separated by commas (default: "
                                          "every rule --without takes, less those it was given).")] = None,
) -> None:
    """Real open-source web apps installed from PyPI (cached), seeded, judged from their databases."""
    from navwright.agent.rules import rule_names
    from navwright.bench.apps.cli import run_apps_command

    part = part or ("validation" if ablate else "all")
    if part not in ("development", "validation", "all"):
        _fail(f"--part is development, validation or all, not {part}")
    if kind and kind not in {"lookup", "multi", "action"}:
        _fail(f"--kind is lookup, multi or action, not {kind}")
    if rules and not ablate:
        _fail("--rules goes with --ablate")
    ids = [t.strip() for t in tasks.split(",") if t.strip()] if tasks else None
    chosen_rules = [r.strip() for r in rules.split(",") if r.strip()] if rules else rule_names()
    if unknown := [r for r in [*(without or []), *chosen_rules] if r not in rule_names()]:
        _fail(f"no rule named {', '.join(unknown)}; the rules are: {', '.join(rule_names())}")
    try:
        run_apps_command(part=part, ids=ids, app=app, kind=kind, runs=runs, timeout=timeout, model=model,
                         out=out, list_only=list_, without=without or [],
                         ablate=[r for r in chosen_rules if r not in (without or [])] if ablate else None)
    except ValueError as exc:
        _fail(str(exc))


def _fail(message: str) -> NoReturn:
    Console(stderr=True).print(f"navwright: {message}", style="red", markup=False, soft_wrap=True,
                               highlight=False)
    raise typer.Exit(2)
