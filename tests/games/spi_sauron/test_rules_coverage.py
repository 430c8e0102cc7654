"""docs/rules-coverage-spi-sauron.md cites tests by name: every citation names an existing
test, and every test named for a case is cited, so the map cannot rot silently."""

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules-coverage-spi-sauron.md").read_text(encoding="utf-8")
HERE = Path(__file__).parent


def defined_tests():
    found = set()
    for path in HERE.glob("test_*.py"):
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            found.add((path.name, name))
    return found


def cited():
    return re.findall(r"`(test_\w+\.py)::(test_[\w*]+)`", DOC)


def test_every_cited_test_exists():
    tests = defined_tests()
    assert cited()
    missing = [f"{file}::{name}" for file, name in cited()
               if not any(f == file and fnmatch.fnmatch(t, name) for f, t in tests)]
    assert missing == []


def test_every_case_test_is_cited():
    patterns = cited()
    uncited = [f"{file}::{name}" for file, name in sorted(defined_tests())
               if name.startswith("test_case_")
               and not any(f == file and fnmatch.fnmatch(name, p) for f, p in patterns)]
    assert uncited == []
