"""The apps of `navwright bench apps` and the committed split of their tasks into a development part
(read traces, fix things) and a validation part (run and report only, never debugged task by task)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from navwright.bench.apps.spec import AppSpec, AppTask

Part = Literal["development", "validation", "all"]
SPLIT_FILE = Path(__file__).with_name("split.json")


class Split(BaseModel):
    development: list[str]
    validation: list[str]

    def part_of(self, task_id: str) -> str:
        return "development" if task_id in self.development else "validation"


def load_apps() -> list[AppSpec]:
    from navwright.bench.apps.ihatemoney import IHateMoney
    from navwright.bench.apps.pretix import Pretix
    from navwright.bench.apps.trac import Trac
    from navwright.bench.apps.wagtail import Wagtail

    return [Trac(), Wagtail(), IHateMoney(), Pretix()]


def load_split(path: Path = SPLIT_FILE) -> Split:
    return Split.model_validate(json.loads(path.read_text(encoding="utf-8")))


def all_tasks(apps: list[AppSpec]) -> list[tuple[AppSpec, AppTask]]:
    return [(app, task) for app in apps for task in app.tasks()]


def select(
    apps: list[AppSpec], split: Split, *, part: Part = "all", ids: list[str] | None = None,
    app: str | None = None, kind: str | None = None,
) -> list[tuple[AppSpec, AppTask]]:
    """The tasks asked for, in app order; an unknown id or app raises ValueError naming it."""
    chosen = all_tasks(apps)
    known = {t.id for _, t in chosen}
    if unknown := [i for i in ids or [] if i not in known]:
        raise ValueError(f"unknown task ids: {', '.join(unknown)}")
    if app and app not in {a.name for a in apps}:
        raise ValueError(f"unknown app {app}; the apps are {', '.join(a.name for a in apps)}")
    keep = set(split.development if part == "development" else split.validation if part == "validation"
               else known)  # fmt: skip
    return [(a, t) for a, t in chosen if t.id in keep and (not ids or t.id in ids)
            and (not app or a.name == app) and (not kind or t.kind == kind)]  # fmt: skip
