"""SPI Sauron imports nothing inside a function (issue 11): the search hooks of __init__.py
imported heuristics/evaluation in their bodies, heuristics.py imported the game back inside
`_game()`, and components.py imported the map parser in parse_components, each to dodge a
circle. An import under `if TYPE_CHECKING:` (types only) is not one."""

from __future__ import annotations

import ast
from pathlib import Path

import palantir.games.spi_sauron as spi

ROOT = Path(spi.__file__).parent


def imports_inside_functions(root: Path) -> list[str]:
    """Each import statement in a function or class body of the package, as path:line."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in ast.walk(tree):
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found += [f"{path.relative_to(root)}:{node.lineno}" for node in ast.walk(scope)
                          if isinstance(node, (ast.Import, ast.ImportFrom))]
    return sorted(set(found))


def test_no_import_inside_a_function():
    assert imports_inside_functions(ROOT) == []


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    (tmp_path / "m.py").write_text("import os\n\n\ndef f():\n    from . import m\n")
    assert imports_inside_functions(tmp_path) == ["m.py:5"]
