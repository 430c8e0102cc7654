"""docs/rules-coverage-strategy-battle.md cites tests by name: every citation must name an existing
test, every test module of this folder must be cited, and every section of the manual is named by
its own heading, so the map cannot rot."""

import re
from pathlib import Path

from ...coverage import (citations, coverage_doc, defined_tests, missing_citations,
                         uncited_modules)

DOC = coverage_doc("rules-coverage-strategy-battle.md")
HERE = Path(__file__).parent

# The manual's chapters (shared/rules/strategy-battle-game.txt, its Table of Contents): named by a
# `##` heading of the map or by a row.
CHAPTERS = (
    "Introduction to the Game Rules", "Starting a Game", "Characteristics", "The Game Turn",
    "The Move Phase", "Advanced Rules — The Move Phase", "The Shoot Phase", "The Fight Phase",
    "Cavalry", "Courage", "Heroes", "Heroic Actions", "Weapons", "The Fortress (Siege Rules)",
    "Scenarios",
)

# Every other heading of the manual after its Table of Contents, in the manual's order (a heading
# is a line of its own); each must head a row of the map. "Multiple Wounds" is a heading of both
# the Shoot and the Fight phase.
SECTIONS = (
    "What You Will Need", "Advanced & Special Rules", "Measuring", "Rolling Dice", "Re-rolls",
    "The Turn Sequence", "The Priority Phase",
    "Which Side Moves First?", "Movement Chart", "Moving the Models", "Charges",
    "Who Can Charge?", "Can I See?", "Fights", "Terrain", "Barriers and Obstacles",
    "Jumping an Obstacle", "Jump Chart", "Jumping a Gap", "Defending a Barrier",
    "Climbing", "Climb Chart", "Defending Elevated Positions", "Models on the Ground",
    "Missile Chart", "Wound Chart", "Casualties", "Multiple Shots", "Multiple Wounds",
    "Moving & Shooting", "Shooters in Combat", "Targets in Combat", "In the Way!",
    "Shooting from Cover", "Shooting from Behind Friends",
    "When to Fight", "Working Out a Fight", "Multiple Attacks", "Multiple Combats",
    "Trapped Fighters", "Defending", "Defending One-on-One", "Defending in Multiple Fights",
    "Attacked from Behind",
    "Which Models Can Ride?", "Characteristics for Mounts", "Moving Cavalry",
    "Barriers and Obstacles (Cavalry)", "Jumping (Cavalry)", "Other Exceptions",
    "Mounting and Dismounting", "Shooting & Cavalry", "Thrown Rider Chart", "Fights & Cavalry",
    "Fighting Across Barriers", "Shielding", "Monstrous Mounts", "Advanced Rule — Loose Mounts",
    "Casualties in Scenarios (Cavalry)",
    "Courage Tests", "When to Test", "Retreats", "Testing Twice",
    "Might, Will & Fate", "Might", "Will", "Magical Powers", "Fate",
    "Using Might, Will & Fate Together",
    "Heroic Move", "Heroic Shooting", "Heroic Combat",
    "More Than One Weapon", "Swords & Other Hand Weapons", "Bladed Bows & Crossbows", "Spears",
    "Two-Handed Swords & Axes", "Lances", "Knives & Daggers", "Shields", "Pikes",
    "Throwing Weapons", "Bows — Volley Fire", "Picking Up Weapons", "Banners",
    "A Fortress on the Tabletop", "Moving Within the Fortress", "Fighting in the Fortress",
    "Battering the Fortress", "Battering Chart — Doors & Gates",
    "Battering Chart — Fortress Wall/Tower",
    "Example Scenario Setup",
)

# A row names a heading where its rule starts with it, or with a name after "; " or " / " in the
# names before the rule's text, followed by the rule's text (": ", " — ") or another name.
NAMED = r"(?:^|; | / ){}(?=$|: | — |; | / )"


def _rows() -> list[tuple[str, str]]:
    """(rule, tests) of every row of the map's tables."""
    rows = []
    for line in DOC.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if line.startswith("| ") and len(cells) == 2 and cells[0] not in ("rule", "property"):
            rows.append((cells[0], cells[1]))
    return rows


def _names(text: str, heading: str) -> bool:
    """Whether `text` names `heading` by its own words."""
    return re.search(NAMED.format(re.escape(heading)), text) is not None


def test_every_cited_test_exists():
    assert len(citations(DOC)) > 20
    assert missing_citations(DOC, defined_tests()) == []


def test_every_rule_test_module_is_cited():
    assert uncited_modules(DOC, HERE) == []


def test_every_section_of_the_manual_is_named_by_its_own_heading_with_its_tests():
    # Issue 14, done when: "Every section of the manual, by its own heading (today 'Moving
    # Cavalry' and 'Knives & Daggers' are not named), is in the map with its tests".
    rows = _rows()
    chapters = [line[3:] for line in DOC.splitlines() if line.startswith("## ")]
    unnamed = []
    for heading in CHAPTERS + SECTIONS:
        cited = [tests for rule, tests in rows if _names(rule, heading) and "::" in tests]
        in_chapter = heading in CHAPTERS and any(
            heading in chapter.split(", ") for chapter in chapters)
        if not cited and not in_chapter:
            unnamed.append(heading)
    assert unnamed == []


def test_no_section_of_the_manual_is_left_to_come():
    assert "to come" not in DOC.lower()
    assert "not yet" not in DOC.lower().replace("marked **not yet**", "")
