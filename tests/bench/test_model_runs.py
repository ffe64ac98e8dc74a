"""`navwright bench model --run ID` (issue 37): a recorded run's calls, from the store and the prompt log,
replayed before and after saved prefixes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from navwright.agent.events import ModelCalled, RunFinished, RunStarted
from navwright.bench.model_runs import recorded_run, replay_run
from navwright.models.base import Completion, Message, ModelError, Usage
from navwright.models.prompt_log import append_prompt
from navwright.store import RunStore, StoreError


def _record(db: Path, log: Path, roles: list[str], run_id: str = "run-r1") -> None:
    with RunStore(db) as store:
        store.emit(RunStarted(run_id=run_id, task="t"))
        for n, role in enumerate(roles):
            done = Completion(content="{}", usage=Usage(prompt_tokens=50), seconds=0.1, model="m")
            append_prompt(log, [Message(role="user", content=f"{role} call {n}")], None, 32, done)
            store.emit(ModelCalled(run_id=run_id, role=role, model="m", prompt_tokens=50,
                                   completion_tokens=2, seconds=0.1))  # fmt: skip
        store.emit(RunFinished(run_id=run_id, status="success"))


def test_a_recorded_run_gives_its_logged_calls_with_their_roles(tmp_path: Path) -> None:
    db, log = tmp_path / "runs.db", tmp_path / "prompts.jsonl"
    done = Completion(content="{}", model="m")
    append_prompt(log, [Message(role="user", content="before the run")], None, 32, done)
    time.sleep(0.05)
    _record(db, log, ["planner", "navigator"])
    full_id, calls = recorded_run(db, "run-r", log)
    assert full_id == "run-r1"
    assert [(role, r.messages[0].content) for role, r in calls] == [
        ("planner", "planner call 0"), ("navigator", "navigator call 1")
    ]


def test_a_run_recorded_without_a_prompt_log_is_said_in_words(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    _record(db, tmp_path / "elsewhere.jsonl", ["planner"])
    with pytest.raises(StoreError, match="prompt_log"):
        recorded_run(db, "run-r1", tmp_path / "prompts.jsonl")


@pytest.mark.embedded
def test_saved_prefixes_reuse_what_a_role_switch_used_to_evaluate_again(tmp_path: Path) -> None:
    from navwright.models.factory import ModelPool

    try:
        runner = ModelPool(progress=False).runner()
    except ModelError as e:
        pytest.skip(f"embedded model unavailable: {e}")
    db, log = tmp_path / "runs.db", tmp_path / "prompts.jsonl"
    systems = {role: f"You are the {role}. " + " ".join(f"Rule {i} of the {role}." for i in range(40))
               for role in ("planner", "navigator")}  # fmt: skip
    with RunStore(db) as store:
        store.emit(RunStarted(run_id="run-r2", task="t"))
        for n, role in enumerate(["planner", "navigator", "planner", "navigator"]):
            ask = Message(role="user", content=f"turn {n}")
            messages = [Message(role="system", content=systems[role]), ask]
            append_prompt(log, messages, None, 8, Completion(content="", model="m"))
        store.emit(RunFinished(run_id="run-r2", status="success"))
    run_id, calls = recorded_run(db, "run-r2", log)
    replay = replay_run(runner, run_id, calls, ["live", "saved"])
    live, saved = replay.total("live"), replay.total("saved")
    assert saved.reused_tokens > live.reused_tokens + 0.8 * sum(c.prompt_tokens for c in replay.calls[2:])
