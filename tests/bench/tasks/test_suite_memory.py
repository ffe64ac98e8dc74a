"""The development suite with memory: the task's check is the judge; after two accepted runs of the
same request, the third replays the learned workflow with no model and the check still accepts it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[2] / "agent"))

from script import Script, actions, done, eid, finish

from navwright.bench.tasks.harness import SharedModels, run_tasks
from navwright.bench.tasks.registry import load_suite, select
from navwright.bench.tasks.report import build_report
from navwright.build import Models
from navwright.memory import MemoryStore
from navwright.models.scripted import ScriptedModel

PROMO = "Last chance: author talk"


def deleting(prompt: str) -> dict[str, Any]:
    """The navigator of mail-delete-promo, reading the page as a model would."""
    prompt = prompt[prompt.index("Page now:"):]
    if '"Password' in prompt:
        return actions(
            {"name": "type_text", "element": eid(prompt, "Email address"), "text": "anna.berg@postbox.test"},
            {"name": "type_text", "element": eid(prompt, "Password"), "text": "{{MAIL_PASSWORD}}"},
            {"name": "click", "element": eid(prompt, "Sign in")})  # fmt: skip
    if 'button "Delete' in prompt:
        return actions({"name": "click", "element": eid(prompt, "Delete")})
    if PROMO in prompt:
        return actions({"name": "click", "element": eid(prompt, PROMO)})
    return actions(done("The email is deleted."))


async def test_the_third_run_of_an_accepted_task_replays_it_with_no_model(tmp_path: Path) -> None:
    chosen = select(load_suite(["mail"]), ids=["mail-delete-promo"])
    script = Script(navigator=[deleting] * 12, check=[finish("The email is deleted.")] * 3)
    with MemoryStore(tmp_path / "memory.db") as store:
        shared = SharedModels(memory=store)
        shared.models = Models.same(ScriptedModel(script))
        rows = await run_tasks(chosen, model="embedded", timeout=120, runs=3, runner=shared)
        [workflow] = store.workflows()
    assert [r.success for r in rows] == [True, True, True], [r.why for r in rows]
    assert [r.replayed for r in rows] == [False, False, True]
    assert rows[0].model_calls > 0 and rows[2].model_calls == 0
    assert workflow.site == "suite:mail" and workflow.replays == 1
    assert "{{MAIL_PASSWORD}}" in workflow.model_dump_json()
    report = build_report(rows, model="scripted", runs=3, notes=[])
    assert report.per_run["3"].replays == 1 and report.per_run["3"].median_model_calls == 0
