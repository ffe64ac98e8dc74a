"""`navwright memory list / show / forget / export / import`: what navwright learned from verified work."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from navwright.console.errors import fail
from navwright.printable import printable

if TYPE_CHECKING:
    from navwright.memory import LearnedStep, MemoryStore, Workflow

memory_app = typer.Typer(
    help="Memory of verified work: steps the planner accepted and workflows replayed with no model.",
    no_args_is_help=True,
)
T = TypeVar("T")


def say(text: str) -> None:
    """One line of stored text on the terminal, control characters escaped (an imported file's text)."""
    print(printable(text))

IdArg = Annotated[str, typer.Argument(help="A workflow or step id (or a unique prefix).")]
FileArg = Annotated[Path, typer.Argument(help="The JSON file.")]


def with_store(work: Callable[[MemoryStore], T]) -> T:
    """`work` done on the memory store; a store that cannot be opened or read ends the command in words."""
    import sqlite3

    from navwright.memory import MemoryStore
    from navwright.store import StoreError

    try:
        with MemoryStore() as store:
            store.check()  # a damaged database is said in words, with how to recover
            return work(store)
    except StoreError as exc:
        fail(str(exc))
    except sqlite3.Error as exc:
        fail(f"the run database could not be read: {exc}")


def _when(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


@memory_app.command("list")
def memory_list() -> None:
    """Workflows (with how often they succeeded, failed and were replayed), then verified steps."""
    workflows, steps = with_store(lambda store: (store.workflows(), store.steps()))
    if not workflows and not steps:
        say("memory is empty: a run that succeeds (`navwright run`) teaches it")
        return
    for w in workflows:
        say(f"{w.id}  workflow  {w.status:8}  {w.successes} ok {w.failures} failed {w.replays} replays  "
              f"{w.site}  {w.task}")
    for s in steps:
        say(f"{s.id}  step      {_when(s.ts)}  {len(s.actions)} actions  {s.site}  {s.request}")


@memory_app.command("show")
def memory_show(item_id: IdArg) -> None:
    """A workflow or step: its request, each action with the element it targets and its effect."""
    from navwright.memory import Workflow

    def read(store: MemoryStore) -> tuple[LearnedStep | Workflow | None, list[tuple[str, str, str]]]:
        item = store.get(item_id)
        return item, store.replays(item.id) if isinstance(item, Workflow) else []

    item, replays = with_store(read)
    if item is None:
        fail(f"no memory entry with id '{item_id}'; `navwright memory list` shows them")
    if isinstance(item, Workflow):
        _show_workflow(item, replays)
    else:
        _show_step(item)


def _show_workflow(w: Workflow, replays: list[tuple[str, str, str]]) -> None:
    say(f"workflow {w.id} ({w.status}: {w.successes} successes, {w.failures} failed replays)")
    say(f"site: {w.site}")
    say(f"request: {w.task}")
    say(f"values when learned: {w.values}")
    if w.answer:
        say(f"answer: {w.answer}")
    for n, step in enumerate(w.steps, 1):
        say(f"step {n}:")
        _show_step(step, indent="  ")
    for run_id, outcome, detail in replays:
        say(f"replay in run {run_id}: {outcome}" + (f" ({detail})" if detail else ""))


def _show_step(s: LearnedStep, indent: str = "") -> None:
    from navwright.memory.describe import dump

    say(f"{indent}request: {s.request}  [{s.site}, learned {_when(s.ts)}, run {s.run_id or '?'}]")
    for n, a in enumerate(s.actions, 1):
        params = " ".join(f"{k}={v!r}" for k, v in a.params.items())
        target = f" on {dump(a.target)}" if a.target else ""
        effect = a.effect.model_dump(exclude_defaults=True)
        say(f"{indent}  {n}. {a.skill} {params}{target}  -> {effect or 'no visible change'}")


@memory_app.command("forget")
def memory_forget(item_id: IdArg) -> None:
    """Forget a workflow or a step."""
    if not with_store(lambda store: store.forget(item_id)):
        fail(f"no memory entry with id '{item_id}'; `navwright memory list` shows them")
    say(f"forgot {item_id}")


@memory_app.command("export")
def memory_export(path: FileArg) -> None:
    """Write every workflow and step to a JSON file (secrets are in it as {{NAME}} only)."""
    from navwright.memory.db import dumps

    data = with_store(lambda store: store.export())
    try:
        path.write_text(dumps(data), encoding="utf-8")
    except OSError as exc:
        fail(f"could not export memory to {path}: {exc.strerror or exc}")
    say(f"exported {len(data.workflows)} workflows and {len(data.steps)} steps to {path}")


@memory_app.command("import")
def memory_import(path: FileArg) -> None:
    """Add the workflows and steps of a file written by `navwright memory export`."""
    from pydantic import ValidationError

    from navwright.memory import MemoryFile

    try:
        data = MemoryFile.model_validate_json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"could not read {path}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start]
        fail(f"{path} is not a navwright memory file: it is not UTF-8 text (byte 0x{byte:02x} at offset "
             f"{exc.start}); `navwright memory export` writes one")
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "the file"
        fail(f"{path} is not a navwright memory file: {where}: {first.get('msg', 'invalid')}")
    workflows, steps = with_store(lambda store: store.load(data))
    say(f"imported {workflows} workflows and {steps} steps from {path}")

