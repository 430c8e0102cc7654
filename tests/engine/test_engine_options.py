"""Game options (engine/options.py) and the registry of games (engine/game.py)."""

import ast
from pathlib import Path

import pytest

import palantir

from palantir.engine import (BadOption, Option, Outcome, PalantirError, UnknownGame, game_ids,
                             get_game)
from palantir.engine.options import options_to_json, validate_options

SCHEMA = (
    Option("players", "int", 2, "number of players", minimum=1, maximum=4),
    Option("fast", "bool", False, "a switch"),
    Option("colour", "choice", "red", "a colour", choices=("red", "blue")),
    Option("names", "list", (), "a list", choices=("frodo", "sam")),
    Option("faces", "list", (), "case kept", case_sensitive=True, reconstructed=True),
    Option("even", "int", 2, "checked", check=lambda v: None if v % 2 == 0 else "must be even"),
)


def test_defaults_are_filled_in():
    assert validate_options(SCHEMA, None) == {"players": 2, "fast": False, "colour": "red",
                                              "names": (), "faces": (), "even": 2}


@pytest.mark.parametrize("raw, value", [("true", True), ("Yes", True), ("on", True),
                                        ("1", True), ("false", False), ("NO", False),
                                        ("off", False), ("0", False), (True, True)])
def test_bool_options_read_the_usual_words(raw, value):
    assert validate_options(SCHEMA, {"fast": raw})["fast"] is value


@pytest.mark.parametrize("given, words", [
    ({"fast": "maybe"}, "expected true or false"),
    ({"players": "two"}, "expected a whole number"),
    ({"players": True}, "expected a whole number"),
    ({"players": 0}, "below the minimum 1"),
    ({"players": "5"}, "above the maximum 4"),
    ({"colour": "green"}, "not one of red, blue"),
    ({"names": "frodo,gollum"}, "'gollum' is not one of frodo, sam"),
    ({"even": 3}, "must be even"),
    ({"speed": 1}, "unknown option"),
])
def test_bad_values_are_refused_naming_the_option(given, words):
    with pytest.raises(BadOption) as caught:
        validate_options(SCHEMA, given)
    assert caught.value.option == next(iter(given))
    assert words in str(caught.value) and str(caught.value).startswith(f"option '{next(iter(given))}'")


def test_lists_from_text_or_json_case_folded_unless_case_sensitive():
    values = validate_options(SCHEMA, {"names": " Frodo , SAM ", "faces": ["R", "g"]})
    assert values["names"] == ("frodo", "sam")
    assert values["faces"] == ("R", "g")
    assert options_to_json(SCHEMA, values)["names"] == ["frodo", "sam"]


def test_describe_marks_reconstructed_options():
    lines = {o.name: o.describe() for o in SCHEMA}
    assert lines["players"].startswith("players=1..4 (default 2)")
    assert "[reconstructed]" in lines["faces"] and lines["faces"].endswith(": case kept")
    assert "[reconstructed]" not in lines["players"]
    assert lines["fast"].startswith("fast=true|false")


def test_registry_knows_journey_to_mordor():
    assert "journey-to-mordor" in game_ids()
    game = get_game("journey-to-mordor")
    assert game.id == "journey-to-mordor" and get_game("journey-to-mordor") is game
    assert (game.min_players, game.max_players) == (1, 4)


def test_registry_refuses_an_unknown_game_listing_the_games():
    with pytest.raises(UnknownGame, match="unknown game 'chess'; the games are: .*journey-to-mordor"):
        get_game("chess")


def test_outcome_returns_share_the_win():
    assert Outcome(winners=(1,), summary="").returns(3) == [0.0, 1.0, 0.0]
    assert Outcome(winners=(0, 2), summary="").returns(3) == [0.5, 0.0, 0.5]
    assert Outcome(winners=(), summary="").returns(2) == [0.0, 0.0]
    assert "details" not in Outcome(winners=(), summary="x").to_json()


def test_option_pairs_are_parsed_by_the_engine():
    from palantir.engine.options import parse_option_pairs
    assert parse_option_pairs(["players=3", " locations = true "]) == {
        "players": "3", "locations": "true"}
    assert parse_option_pairs(None) == {}
    for bad in ("locations", "=3"):
        with pytest.raises(PalantirError, match="expected NAME=VALUE"):
            parse_option_pairs([bad])


def test_nothing_but_the_entry_points_imports_the_cli():
    """Issue 11: cli.parse_option_pairs tied the cli, the simulator, the terminal and the
    analysis into one import circle (each imported it back from the cli)."""
    root = Path(palantir.__file__).parent
    importers = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module is not None and (
                    node.module == "cli" or node.module.endswith(".cli")
                    or node.module == "palantir.cli"):
                importers.append(str(path.relative_to(root)))
    assert importers == []
