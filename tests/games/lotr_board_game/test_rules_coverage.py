"""docs/rules-coverage-lotr-board-game.md cites tests by name: every citation must name an existing
test, and every test module of this folder must be cited, so the map cannot rot."""

from pathlib import Path

from ...coverage import (citations, coverage_doc, defined_tests, missing_citations,
                         uncited_modules)

DOC = coverage_doc("rules-coverage-lotr-board-game.md")
HERE = Path(__file__).parent


def test_every_cited_test_exists():
    assert len(citations(DOC)) > 20
    assert missing_citations(DOC, defined_tests()) == []


def test_every_rule_test_module_is_cited():
    # test_layers.py checks the code's imports, no rule
    assert uncited_modules(DOC, HERE, exclude={"test_layers.py"}) == []
