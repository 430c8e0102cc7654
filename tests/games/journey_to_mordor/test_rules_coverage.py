"""docs/rules-coverage.md cites tests by name: every citation must name an existing test,
and every rule-test module of this folder must be cited, so the map cannot rot silently."""

from pathlib import Path

from ...coverage import (citations, coverage_doc, defined_tests, missing_citations,
                         uncited_modules)

DOC = coverage_doc("rules-coverage.md")
HERE = Path(__file__).parent


def test_every_cited_test_exists():
    assert citations(DOC)
    assert missing_citations(DOC, defined_tests()) == []


def test_every_rule_test_module_is_cited():
    # test_layers.py checks the code's imports, test_procedures.py the turn's procedures on
    # the kernel: no rule of their own
    assert uncited_modules(DOC, HERE, exclude={"test_render.py", "test_layers.py",
                                               "test_procedures.py"}) == []
