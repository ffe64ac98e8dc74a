"""The packages of navwright stand in layers (docs/architecture.md draws them): a package imports only
packages of its own layer or the layers below, and no two packages import each other, directly or
round a circle; nor do two modules, inside a package or across. Read from the source's import
statements, lazy imports inside functions included (a module's imports for type checking only are
left out of the modules' circles: they never run)."""

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
    assert _circle(_imports()) is None


def _circle(edges: dict[str, set[str]]) -> str | None:
    """The first circle of imports found ("a -> b -> a"), or None."""
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> str | None:
        if node in path:
            return " -> ".join((*path, node))
        if node in done:
            return None
        for other in sorted(edges.get(node, ())):
            if found := visit(other, (*path, node)):
                return found
        done.add(node)
        return None

    return next((found for node in sorted(edges) if (found := visit(node, ()))), None)


def test_every_package_of_the_source_has_a_layer() -> None:
    packages = {_package(p) for p in ROOT.rglob("*.py")} - {"__init__"}
    assert sorted(p for p in packages if not any(p in layer for layer in LAYERS)) == []


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _checking_only(tree: ast.Module) -> set[int]:
    blocks = [n for n in ast.walk(tree) if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)]
    return {id(inner) for block in blocks for inner in ast.walk(block)}


@cache
def _module_imports() -> dict[str, set[str]]:
    """Each module -> the navwright modules it imports when it runs (its own packages left out)."""
    paths = {_module(p): p for p in ROOT.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text("utf-8"))
        skip = _checking_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            names = ([node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                     if isinstance(node, ast.ImportFrom) and node.module else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            edges.setdefault(module, set()).update(
                n for n in names if n in paths and n != module and not module.startswith(f"{n}."))
    return edges


def test_no_two_modules_import_each_other_round_a_circle() -> None:
    assert _circle(_module_imports()) is None
