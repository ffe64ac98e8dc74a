"""Property-based fuzzing of everything that parses outside input: model answers, the page script's
output and the config file. A case crashes when it raises anything but the documented error types.

`navwright bench fuzz --cases N` runs every property at its share of N; the tests run them small.
Needs `hypothesis` (the dev extra).
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from navwright.agent.decisions import CheckReply, PlannerReply, RetryReply
from navwright.agent.modelcall import TEXT_CAP, capped
from navwright.browser.distill import RawPage, passes_for, to_lines
from navwright.browser.distill.passes import apply_budget
from navwright.browser.render import estimate_tokens, line_text, render_lines
from navwright.config import load_model_config
from navwright.models.base import ModelError
from navwright.models.structured import StructuredOutputError, parse_answer


class PropertyReport(BaseModel):
    name: str
    cases: int = 0
    crashes: int = 0
    first_crash: str | None = None


class FuzzReport(BaseModel):
    cases: int
    crashes: int
    seconds: float
    properties: list[PropertyReport]


# the checks: each takes one generated input and raises only on a crash -------------------------

SCHEMAS: tuple[type[BaseModel], ...] = (PlannerReply, RetryReply, CheckReply)


def check_model_answer(text: str) -> None:
    """A model's text: parsed and validated, or StructuredOutputError; a parsed answer is capped."""
    for schema in SCHEMAS:
        try:
            answer = parse_answer(text, schema)
        except StructuredOutputError:
            continue
        cut = capped(answer)
        assert all(len(s) <= TEXT_CAP for s in _strings(cut.model_dump())), "a text was not capped"


def check_page_output(data: Any) -> None:
    """The page script's JSON: rejected by validation, or distilled and rendered in every mode."""
    try:
        raw = RawPage.model_validate(data)
    except ValidationError:
        return
    for mode in ("text", "fields", "all"):
        lines = to_lines(raw.items)
        for step in passes_for(mode, raw.far, raw.vh):
            lines = step(lines)
        lines, _ = apply_budget(lines, 200, lambda ln: estimate_tokens(line_text(ln)) + 1)
        render_lines(lines)


def check_config(text: str) -> None:
    """A config file's text: a ModelConfig, or one ModelError naming the file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        path.write_text(text, encoding="utf-8")
        try:
            load_model_config(path)
        except ModelError as e:
            assert str(path) in str(e), f"the error does not name the file: {e}"


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


# the generators (hypothesis strategies) -----------------------------------------------------------


def _strategies() -> dict[str, tuple[Any, Callable[[Any], None]]]:
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    json_values = st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=12,
    )
    kinds = st.sampled_from(["web_step", "ask_user", "finish", "give_up", "other", ""])
    words = st.text(max_size=40) | st.text(min_size=2000, max_size=3000)
    decision = st.fixed_dictionaries(
        {"kind": kinds},
        optional={
            "thought": words,
            "site": words,
            "request": words,
            "question": words,
            "answer": words,
            "reason": words,
            "evidence": words,
            "ask": st.sampled_from(["data", "confirm", "x"]) | json_values,
        },
    )
    answers = st.fixed_dictionaries({"decision": decision | json_values})
    wrapped = answers.map(json.dumps).flatmap(
        lambda body: st.sampled_from(
            [body, f"```json\n{body}\n```", f"Sure! {body} done", body[: len(body) // 2]]
        )
    )
    model_text = st.text(max_size=200) | json_values.map(json.dumps) | wrapped

    element = st.fixed_dictionaries(
        {"id": st.text(max_size=4), "role": st.sampled_from(["link", "button", "textbox", "combobox", "x"])},
        optional={
            "name": st.text(max_size=30),
            "value": st.none() | st.text(max_size=10),
            "options": st.lists(st.text(max_size=8), max_size=5),
            "href": st.none() | st.text(max_size=20),
            "checked": st.none() | st.booleans(),
            "new": st.booleans(),
            "y": st.none() | st.floats(),
        },
    )
    item = st.fixed_dictionaries(
        {},
        optional={
            "t": st.none() | st.text(max_size=60),
            "e": st.none() | element,
            "d": st.integers(-3, 40),
            "g": st.integers(-3, 40),
            "y": st.floats(allow_nan=True),
            "f": st.none() | st.text(max_size=5),
            "j": st.integers(-1, 2),
        },
    )
    page = st.fixed_dictionaries(
        {"url": st.text(max_size=30), "title": st.text(max_size=30), "items": st.lists(item, max_size=25)},
        optional={
            "vh": st.floats(),
            "far": st.floats(),
            "ms": st.floats(),
            "frames": st.lists(json_values, max_size=2),
        },
    )
    page_output = page | json_values

    keys = st.sampled_from(
        [
            "planner",
            "navigator",
            "n_ctx",
            "n_threads",
            "extra_buffers",
            "lookup",
            "model_dir",
            "timeout",
            "connect_timeout",
            "max_retries",
            "junk",
        ]
    )
    toml_values = st.sampled_from(
        [
            '"embedded"',
            '"openai:m@http://127.0.0.1:1/v1"',
            '"bogus:spec"',
            "0",
            "-5",
            "1e400",
            "true",
            '"x"',
            "[]",
            "{}",
            '"',
            "nan",
            "120",
            '"embedded:/nope"',
        ]
    )
    table = st.lists(st.tuples(keys, toml_values), max_size=6).map(
        lambda pairs: "[models]\n" + "\n".join(f"{k} = {v}" for k, v in pairs)
    )
    config_text = table | st.text(max_size=120) | table.map(lambda t: t + "\n[models]\n")
    return {
        "model answers (planner/retry/check)": (model_text, check_model_answer),
        "page-script output (distill and render)": (page_output, check_page_output),
        "config file (load_model_config)": (config_text, check_config),
    }


def _body(check: Callable[[Any], None], report: PropertyReport) -> Callable[[Any], None]:
    def body(value: Any) -> None:
        report.cases += 1
        try:
            check(value)
        except Exception as e:  # a crash: recorded, and the run goes on
            report.crashes += 1
            report.first_crash = report.first_crash or f"{type(e).__name__}: {e} on {value!r}"[:500]

    return body


def run_fuzz(cases: int, *, seed: int | None = None) -> FuzzReport:
    """Run every property with its share of `cases` generated inputs; count crashes, never raise."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as fixed_seed

    start = time.perf_counter()
    reports = []
    props = _strategies()
    share = max(1, cases // len(props))
    for name, (strategy, check) in props.items():
        report = PropertyReport(name=name)
        test = settings(
            max_examples=share,
            deadline=None,
            database=None,
            derandomize=seed is None,
            suppress_health_check=list(HealthCheck),
        )(given(strategy)(_body(check, report)))  # type: ignore[no-untyped-call]
        if seed is not None:
            test = fixed_seed(seed)(test)
        test()
        reports.append(report)
    return FuzzReport(
        cases=sum(r.cases for r in reports),
        crashes=sum(r.crashes for r in reports),
        seconds=round(time.perf_counter() - start, 1),
        properties=reports,
    )
