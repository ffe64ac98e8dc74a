"""The packages of navwright stand in layers (docs/architecture.md draws them): a package imports only
packages of its own layer or the layers below, and no two packages import each other, directly or
round a circle. Read from the source's import statements, lazy imports inside functions included."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import navwright

ROOT = Path(navwright.__file__).parent

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"decoded", "paths", "printable", "logkeep", "runners"}),
    frozenset({"masking"}),
    frozenset({"browser", "models"}),
    frozenset({"sites"}),
    frozenset({"agent"}),
    frozenset({"config", "store", "memory", "deadline", "console"}),
    frozenset({"build"}),
    frozenset({"api"}),
    frozenset({"cli", "server", "mcp", "batch", "bench", "demo", "doctor"}),
)
"""From the bottom up: what every layer may use, the browser and the models, the site functions, the
agent, what keeps and shows runs, the one builder, the API, and the front-ends."""


def _package(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


@cache
def _imports() -> dict[str, set[str]]:
    """Each package -> the other navwright packages its modules import (the source is read once)."""
    edges: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        own = _package(path)
        if own == "__init__":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                parts = name.split(".")
                if parts[0] == "navwright" and len(parts) > 1 and parts[1] != own:
                    edges.setdefault(own, set()).add(parts[1])
    return edges


def _layer(package: str) -> int:
    found = [n for n, layer in enumerate(LAYERS) if package in layer]
    assert found, f"navwright.{package} is in no layer: add it to LAYERS and to docs/architecture.md"
    return found[0]


def test_every_package_imports_only_its_own_layer_or_the_layers_below() -> None:
    upward = sorted(f"{a} -> {b}" for a, bs in _imports().items() for b in bs if _layer(b) > _layer(a))
    assert upward == [], upward


def test_no_two_packages_import_each_other_round_a_circle() -> None:
    edges = _imports()
    done: set[str] = set()

    def visit(package: str, path: tuple[str, ...]) -> None:
        assert package not in path, " -> ".join((*path, package))
        if package in done:
            return
        for other in sorted(edges.get(package, ())):
            visit(other, (*path, package))
        done.add(package)

    for package in sorted(edges):
        visit(package, ())


def test_every_package_of_the_source_has_a_layer() -> None:
    packages = {_package(p) for p in ROOT.rglob("*.py")} - {"__init__"}
    assert sorted(p for p in packages if not any(p in layer for layer in LAYERS)) == []
