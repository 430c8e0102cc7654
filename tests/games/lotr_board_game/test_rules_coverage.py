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


# The expansion rulebook's table of contents (rules/lotr-board-game-sauron-expansion.txt),
# each sub-heading with the heading it is under.
EXPANSION_HEADINGS = [
    ("Set Contents", None), ("Overview", None), ("Preparation", None),
    ("If you are playing as Sauron", "Preparation"), ("For all players", "Preparation"),
    ("Playing as Sauron", None),
    ("Sauron's actions instead of a roll", "Playing as Sauron"),
    ("Exceptions", "Playing as Sauron"),
    ("Sauron's Actions at the Start of Each Turn", None), ("Sauron Event Tokens", None),
    ("The Black Rider", None), ("Do Not Play Cards", None), ("Resources", None),
    ("Cards", None), ("End of an Adventure", None), ("End of the Game and Scoring", None),
    ("Special Cases", None), ("Variants", None), ("Special Options", None),
    ("Bag", "Special Options"), ("Dark Events", "Special Options"),
    ("Two Special Cards", None),
]


def _expansion_rows() -> list[tuple[str, str]]:
    """The (section, tests) rows of the map's expansion table."""
    text = DOC.split("## The Sauron expansion", 1)[1]
    text = text.split("\n## ", 1)[0]
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and cells[0] not in ("section", "---"):
            rows.append((cells[0], cells[1]))
    return rows


def test_every_section_of_the_expansion_rulebook_is_named_by_its_own_heading():
    # Issue 13, item 9: "Sauron's actions instead of a roll" and "Sauron's Actions at the
    # Start of Each Turn" were not named. A row names a section by starting with its
    # heading (a sub-heading: "heading, sub-heading"), and cites tests.
    rows = _expansion_rows()
    for heading, parent in EXPANSION_HEADINGS:
        names = (heading,) if parent is None else (f"{parent}, {heading}",)
        cited = [tests for section, tests in rows if section.startswith(names)]
        assert cited, f"no row of the expansion's map is headed {names[0]!r}"
        assert all("::" in tests for tests in cited), (heading, cited)
