"""`MemoryStore`: learned steps, workflows and replays in the run database (tables of schema v2)."""

from __future__ import annotations

import hashlib
import json
import time

from navwright.memory.models import DEMOTE_AFTER, SERVE_AFTER, LearnedStep, MemoryFile, Workflow
from navwright.memory.template import match, same_case
from navwright.store.rows import StoreError
from navwright.store.sqlite import SqliteFile


class MemoryStore(SqliteFile):
    """What navwright learned from verified work, next to the runs it came from."""

    def _run(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        return self._rows(sql, params)

    # --- steps -----------------------------------------------------------------------------------

    def add_step(self, step: LearnedStep) -> LearnedStep:
        step = step.model_copy(update={"id": step.id or key("s", step.site, step.request)})
        self._run("INSERT OR REPLACE INTO memory_steps (id, site, run_id, request, json, ts) "
                  "VALUES (?, ?, ?, ?, ?, ?)",
                  (step.id, step.site, step.run_id, step.request, step.model_dump_json(), step.ts))
        return step

    def steps(self, site: str | None = None) -> list[LearnedStep]:
        where, params = ("WHERE site = ?", (site,)) if site is not None else ("", ())
        rows = self._run(f"SELECT json FROM memory_steps {where} ORDER BY ts DESC, rowid DESC", params)
        return [LearnedStep.model_validate_json(str(r[0])) for r in rows]

    # --- workflows -------------------------------------------------------------------------------

    def save_workflow(self, workflow: Workflow) -> Workflow:
        """Insert or replace (by id, else by site and template); the status follows the counts."""
        existing = self.workflow_for(workflow.site, workflow.task)
        wid = workflow.id or (existing.id if existing else key("w", workflow.site, workflow.task))
        status = ("demoted" if workflow.failures >= DEMOTE_AFTER
                  else "served" if workflow.successes >= SERVE_AFTER else "learning")
        workflow = workflow.model_copy(update={"id": wid, "status": status, "ts": time.time()})
        with self._using() as conn:
            conn.execute("DELETE FROM memory_workflows WHERE id = ? OR (site = ? AND template = ?)",
                         (wid, workflow.site, workflow.task))
            conn.execute("INSERT INTO memory_workflows (id, site, template, json, ts) "
                         "VALUES (?, ?, ?, ?, ?)",
                         (wid, workflow.site, workflow.task, workflow.model_dump_json(), workflow.ts))
        return workflow

    def workflows(self, site: str | None = None) -> list[Workflow]:
        where, params = ("WHERE site = ?", (site,)) if site is not None else ("", ())
        rows = self._run(f"SELECT json FROM memory_workflows {where} ORDER BY ts DESC, rowid DESC", params)
        return [Workflow.model_validate_json(str(r[0])) for r in rows]

    def workflow_for(self, site: str, template: str) -> Workflow | None:
        rows = self._run("SELECT json FROM memory_workflows WHERE site = ? AND template = ?",
                         (site, template))
        return Workflow.model_validate_json(str(rows[0][0])) if rows else None

    def served(self, site: str, request: str) -> tuple[Workflow, list[str]] | None:
        """The served workflow of this site whose template the request fits, with the request's values
        (each written in the letter case its learned value was: template.same_case)."""
        for workflow in self.workflows(site):
            values = match(workflow.task, request) if workflow.status == "served" else None
            if values is None or len(values) < len(workflow.values):
                continue
            if same_case(workflow.values, values):
                return workflow, values
        return None

    def note_replay(self, workflow_id: str, run_id: str, outcome: str, detail: str = "") -> None:
        self._run("INSERT INTO memory_replays (workflow_id, run_id, outcome, detail, ts) "
                  "VALUES (?, ?, ?, ?, ?)", (workflow_id, run_id, outcome, detail, time.time()))

    def replays(self, workflow_id: str) -> list[tuple[str, str, str]]:
        rows = self._run("SELECT run_id, outcome, detail FROM memory_replays WHERE workflow_id = ? "
                         "ORDER BY rowid", (workflow_id,))
        return [(str(a), str(b), str(c)) for a, b, c in rows]

    # --- by id, files ----------------------------------------------------------------------------

    def get(self, item_id: str) -> Workflow | LearnedStep | None:
        """A workflow or a step by its id or a unique prefix of it."""
        found: list[Workflow | LearnedStep] = [w for w in self.workflows() if w.id.startswith(item_id)]
        found += [s for s in self.steps() if s.id.startswith(item_id)]
        if len(found) > 1 and not any(f.id == item_id for f in found):
            raise StoreError(f"'{item_id}' names {len(found)} memory entries; give more of the id.")
        exact = [f for f in found if f.id == item_id]
        return (exact or found)[0] if found else None

    def forget(self, item_id: str) -> bool:
        item = self.get(item_id) if item_id else None
        if item is None:
            return False
        with self._using() as conn:
            conn.execute("DELETE FROM memory_workflows WHERE id = ?", (item.id,))
            conn.execute("DELETE FROM memory_replays WHERE workflow_id = ?", (item.id,))
            conn.execute("DELETE FROM memory_steps WHERE id = ?", (item.id,))
        return True

    def export(self) -> MemoryFile:
        return MemoryFile(workflows=self.workflows(), steps=self.steps())

    def load(self, data: MemoryFile) -> tuple[int, int]:
        """Add a file's workflows and steps (same id or same site and template: replaced)."""
        for workflow in data.workflows:
            self.save_workflow(workflow)
        for step in data.steps:
            self.add_step(step)
        return len(data.workflows), len(data.steps)


def key(kind: str, site: str, template: str) -> str:
    """The id of a step or workflow: the same site and template give the same id on every machine."""
    return kind + hashlib.sha1(f"{site}\n{template}".encode()).hexdigest()[:9]


def dumps(data: MemoryFile) -> str:
    return json.dumps(data.model_dump(mode="json"), ensure_ascii=False, indent=1) + "\n"
