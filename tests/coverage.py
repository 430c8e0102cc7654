"""Checks shared by every game's rules-coverage test: a coverage document cites tests by
name (`test_file.py::test_name`, `*` allowed), every citation must name an existing test,
and the game's rule tests must be cited, so the map cannot rot silently."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITATION = re.compile(r"`(?:tests/\w+/)?(test_\w+\.py)::(test_[\w*]+)`")


def coverage_doc(name: str) -> str:
    """The text of docs/NAME."""
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


def defined_tests(folder: Path | None = None) -> set[tuple[str, str]]:
    """(file name, test name) of every test in `folder` (None: the whole test tree)."""
    paths = folder.glob("test_*.py") if folder else (ROOT / "tests").rglob("test_*.py")
    found = set()
    for path in paths:
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            found.add((path.name, name))
    return found


def citations(doc: str) -> list[tuple[str, str]]:
    """(file name, test-name pattern) of every citation in a coverage document."""
    return CITATION.findall(doc)


def missing_citations(doc: str, tests: set[tuple[str, str]]) -> list[str]:
    """Citations that name no existing test."""
    return [f"{file}::{name}" for file, name in citations(doc)
            if not any(f == file and fnmatch.fnmatch(t, name) for f, t in tests)]


def uncited_modules(doc: str, folder: Path, exclude: set[str] = frozenset()) -> list[str]:
    """Test modules of `folder` the document never mentions."""
    modules = {p.name for p in folder.glob("test_*.py")} - {"test_rules_coverage.py"} - exclude
    return [m for m in sorted(modules) if m not in doc]


def uncited_tests(doc: str, tests: set[tuple[str, str]], prefix: str) -> list[str]:
    """Tests whose names start with `prefix` that no citation covers."""
    patterns = citations(doc)
    return [f"{file}::{name}" for file, name in sorted(tests)
            if name.startswith(prefix)
            and not any(f == file and fnmatch.fnmatch(name, p) for f, p in patterns)]
