"""docs/rules-coverage-strategy-battle.md cites tests by name: every citation must name an
existing test, and every test module of this folder must be cited, so the map cannot rot."""

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules-coverage-strategy-battle.md").read_text(encoding="utf-8")
HERE = Path(__file__).parent


def defined_tests():
    found = set()
    for path in HERE.glob("test_*.py"):
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            found.add((path.name, name))
    return found


def test_every_cited_test_exists():
    tests = defined_tests()
    cited = re.findall(r"`(test_\w+\.py)::(test_[\w*]+)`", DOC)
    assert len(cited) > 20
    missing = [f"{file}::{name}" for file, name in cited
               if not any(f == file and fnmatch.fnmatch(t, name) for f, t in tests)]
    assert missing == []


def test_every_rule_test_module_is_cited():
    modules = {p.name for p in HERE.glob("test_*.py")} - {"test_rules_coverage.py"}
    assert [m for m in sorted(modules) if m not in DOC] == []
