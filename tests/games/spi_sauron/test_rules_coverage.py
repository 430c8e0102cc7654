"""docs/rules-coverage-spi-sauron.md cites tests by name: every citation names an existing
test, and every test named for a case is cited, so the map cannot rot silently."""

from pathlib import Path

from ...coverage import citations, coverage_doc, defined_tests, missing_citations, uncited_tests

DOC = coverage_doc("rules-coverage-spi-sauron.md")
HERE = Path(__file__).parent


def test_every_cited_test_exists():
    assert citations(DOC)
    assert missing_citations(DOC, defined_tests()) == []


def test_every_case_test_is_cited():
    assert uncited_tests(DOC, defined_tests(HERE), "test_case_") == []
