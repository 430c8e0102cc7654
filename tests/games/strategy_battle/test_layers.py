"""The Strategy Battle Game's layers (issue 11): table/ knows nothing of the game; state.py and
wounds.py only the table, procedure.py and the data; a phase only those and the engine, never
another phase; no import circle among the game's modules and no import inside a function.
Before the layering, strategy_battle/ was one circle of 13 files held by 46 deferred imports."""

from __future__ import annotations

import ast
from pathlib import Path

import palantir.games.strategy_battle as sbg

ROOT = Path(sbg.__file__).parent
PACKAGE = "palantir.games.strategy_battle"
BASE = {"procedure", "notation", "profiles", "state", "wounds"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports_of(name: str, path: Path, known) -> list[tuple[str, int, bool]]:
    """The game's modules `name` imports: (module, line, inside a function or class)."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    nested = {id(n) for top in tree.body if not isinstance(top, (ast.Import, ast.ImportFrom))
              for n in ast.walk(top)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")
            base = base[:len(base) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((sub if sub in known else target, node.lineno, id(node) in nested))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
            found.append((node.module, node.lineno, id(node) in nested))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE):
                    found.append((alias.name, node.lineno, id(node) in nested))
    return [(m, line, inner) for m, line, inner in found if m in known]


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m, _, _ in imports_of(name, path, known)}
            for name, path in known.items()}


def short(name: str) -> str:
    return name[len(PACKAGE) + 1:]


def test_no_import_inside_a_function():
    known = modules()
    inner = [f"{short(name)}:{line} imports {short(m)}"
             for name, path in known.items() for m, line, nested in imports_of(name, path, known)
             if nested]
    assert inner == []


def test_no_import_circle():
    edges = graph()
    circles = []
    state: dict[str, int] = {}

    def visit(node, trail):
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                circles.append(" -> ".join(short(m) for m in trail[trail.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert circles == []


def layer(name: str) -> str:
    rest = short(name) if name != PACKAGE else ""
    if rest == "table" or rest.startswith("table."):
        return "table"
    if rest in BASE:
        return "base"
    if rest.startswith("phases."):
        return "phase:" + rest.split(".")[1]
    return "top"


def test_each_layer_imports_only_the_layers_under_it():
    wrong = []
    for name, targets in graph().items():
        mine = layer(name)
        for target in targets:
            theirs = layer(target)
            if mine == "table":
                ok = theirs == "table"
            elif mine == "base":
                ok = theirs in ("table", "base")
            elif mine.startswith("phase:"):
                # a phase: the table, the base and the modules of its own phase only
                ok = theirs in ("table", "base", mine) or target == f"{PACKAGE}.phases"
            else:
                ok = True
            if not ok:
                wrong.append(f"{short(name)} imports {short(target)}")
    assert wrong == []


def test_the_checks_see_the_phases():
    # the checks above pass vacuously if they find no modules: every phase is seen
    phases = {layer(name) for name in modules() if layer(name).startswith("phase:")}
    assert phases == {f"phase:{p}" for p in ("cavalry", "courage", "fight", "heroics", "magic",
                                             "move", "pairing", "shoot", "throwing")}
    assert f"{PACKAGE}.table.finder" in graph()[f"{PACKAGE}.table"]
