"""The apps' task list and its committed split, and the lenient answer checks: pure, nothing installed."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

from navwright.bench.apps.judge import has_date, has_number, has_text, says_any
from navwright.bench.apps.registry import all_tasks, load_apps, load_split, select


def test_the_split_covers_every_task_exactly_once() -> None:
    ids = [t.id for _, t in all_tasks(load_apps())]
    split = load_split()
    assert len(ids) == len(set(ids)) >= 40
    assert sorted(split.development + split.validation) == sorted(ids)
    assert not set(split.development) & set(split.validation)


def test_every_app_and_kind_is_in_both_parts_and_kinds_are_thirds() -> None:
    apps = load_apps()
    split = load_split()
    assert len(apps) >= 4 and len({a.kind for a in apps}) == len(apps)
    kinds = Counter(t.kind for _, t in all_tasks(apps))
    assert all(n >= len(all_tasks(apps)) // 4 for n in kinds.values()) and len(kinds) == 3
    for part in ("development", "validation"):
        chosen = select(apps, split, part=part)
        assert abs(len(chosen) - len(all_tasks(apps)) / 2) <= 2
        assert {a.name for a, _ in chosen} == {a.name for a in apps}
        for app in apps:
            assert {t.kind for a, t in chosen if a is app} == {"lookup", "multi", "action"}, (part, app.name)


def test_selection_by_id_app_and_kind() -> None:
    apps, split = load_apps(), load_split()
    assert [t.id for _, t in select(apps, split, ids=["trac-owner"])] == ["trac-owner"]
    assert {a.name for a, _ in select(apps, split, app="pretix")} == {"pretix"}
    assert {t.kind for _, t in select(apps, split, kind="action")} == {"action"}
    for bad in ({"ids": ["nope"]}, {"app": "nope"}):
        try:
            select(apps, split, **bad)  # type: ignore[arg-type]
        except ValueError as exc:
            assert "nope" in str(exc)
        else:
            raise AssertionError("an unknown id or app must raise")


def test_answers_are_compared_leniently() -> None:
    assert has_number("The total is €1,234.50.", 1234.5) and has_number("three tickets", 3)
    assert has_number("balance: -147.59", 147.59) and not has_number("ticket 147", 147.59)
    forms = ("2024-07-19", "19 July 2024", "July 19th, 2024", "Jul 19, 2024", "07/19/24", "due 19.07.2024")
    for text in forms:
        assert has_date(text, date(2024, 7, 19)), text
    assert not has_date("2024-07-18", date(2024, 7, 19))
    assert has_text("It was resolved as **invalid**.", "invalid") and not has_text("valid", "invalid")
    assert says_any("bkovacs", "Bence Kovacs")(Path("unused"), "Owner: Bence Kovacs").ok
