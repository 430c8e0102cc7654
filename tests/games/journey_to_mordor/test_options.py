"""Options of Journey to Mordor: player count, hobbits, the location version, and the
overrides of the reconstructed components (components.toml, docs/journey-to-mordor.md)."""

import pytest

from palantir.engine import BadOption, DiceExhausted, SeededDice
from palantir.games.journey_to_mordor.components import default_components
from tests.support.positions.journey import GAME, MARKED, fellowship, finish_turn, roll, table


def test_defaults_two_players_basic_game_frodo_and_sam():
    options = GAME.validate_options({})
    assert options["players"] == 2 and options["locations"] is False
    assert options["hobbits"] == ("frodo", "sam")
    parts = default_components()
    assert options["nazgul_squares"] == parts.nazgul_squares == 6
    assert options["coloured_die"] == parts.coloured_faces
    assert options["black_die"] == parts.black_faces


def test_reconstructed_values_are_marked_in_the_data_and_the_options():
    parts = default_components()
    assert set(parts.reconstructed) == {"dice.coloured_faces", "dice.black_faces",
                                        "nazgul_route"}
    marked = {o.name for o in GAME.option_schema() if o.reconstructed}
    assert marked == {"nazgul_squares", "coloured_die", "black_die"}


@pytest.mark.parametrize("players", [0, 5, "two"])
def test_players_must_be_1_to_4(players):
    with pytest.raises(BadOption) as caught:
        GAME.validate_options({"players": players})
    assert caught.value.option == "players"


def test_hobbits_no_two_players_may_choose_the_same_hobbit():
    with pytest.raises(BadOption) as caught:
        GAME.validate_options({"players": 2, "hobbits": "sam,sam"})
    assert caught.value.option == "hobbits" and "same hobbit" in str(caught.value)


def test_hobbits_one_per_player():
    with pytest.raises(BadOption) as caught:
        GAME.validate_options({"players": 3, "hobbits": "sam,merry"})
    assert caught.value.option == "hobbits"
    with pytest.raises(BadOption):
        GAME.validate_options({"players": 1, "hobbits": "gollum"})


def test_unknown_option_is_refused_naming_it():
    with pytest.raises(BadOption) as caught:
        GAME.validate_options({"ringwraiths": 9})
    assert caught.value.option == "ringwraiths"


def test_option_nazgul_squares_overrides_the_route_length():
    state = table(roll(yellow="N", red="F", blue="F", green="F", black="F"),
                  *fellowship("red", "blue", "green", "black"),
                  players=1, nazgul_squares=1)
    assert len(state.nazgul[0]) == 1
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[0] == [MARKED] and state.is_over()  # the only square is Mordor


def test_option_coloured_die_overrides_the_faces_of_the_four_coloured_dice():
    options = {"players": 2, "coloured_die": "R,R,R,R,R,R"}
    state = GAME.new_state(options, SeededDice(3))
    assert [f for d, f in state.roll if d < 4] == ["R"] * 4
    assert state.parts.coloured_faces == ("R",) * 6


def test_option_black_die_overrides_the_faces_of_the_black_die():
    state = GAME.new_state({"black_die": "N,N,N,N,N,N"}, SeededDice(3))
    assert state.roll[-1] == (4, "N")


def test_option_faces_are_enforced_on_scripted_dice_too():
    # The turn's first roll is part of the position; the dice rolled after it are scripted.
    state = table(roll(yellow="R", red="F", blue="F", green="F", black="F"),
                  roll(red="T", blue="F", green="F", black="F"))
    with pytest.raises(DiceExhausted):
        state.apply("keep R")
    state = table(roll(yellow="R", red="F", blue="F", green="F", black="F"),
                  roll(red="G", blue="F", green="F", black="F"), coloured_die="R,R,F,O,O,N")
    with pytest.raises(DiceExhausted):
        state.apply("keep R")


def test_option_coloured_die_refuses_the_white_tree_naming_the_option():
    with pytest.raises(BadOption) as caught:
        GAME.validate_options({"coloured_die": "R,G,F,O,N,T"})
    assert caught.value.option == "coloured_die"
    assert "White Tree is found only on the black die" in str(caught.value)


@pytest.mark.parametrize("option, value, words", [
    ("coloured_die", "R,G,F,O,N", "6 faces"),
    ("black_die", "R,G,F,O,N,T,T", "6 faces"),
    ("black_die", "R,G,F,O,N,X", "unknown symbol"),
    ("coloured_die", "R,G,F,O,O,X", "unknown symbol"),
    ("nazgul_squares", "0", "minimum"),
    ("locations", "perhaps", "true or false"),
])
def test_option_bad_values_are_refused_naming_the_option(option, value, words):
    with pytest.raises(BadOption) as caught:
        GAME.validate_options({option: value})
    assert caught.value.option == option and words in str(caught.value)


def test_option_overrides_are_kept_in_the_view_for_records():
    state = GAME.new_state({"players": 3, "locations": "true", "nazgul_squares": "8",
                            "black_die": "R,G,F,O,T,T"}, SeededDice(1))
    options = state.view(0)["options"]
    assert options["nazgul_squares"] == 8 and options["locations"] is True
    assert options["black_die"] == ["R", "G", "F", "O", "T", "T"]
    assert options["hobbits"] == ["frodo", "sam", "merry"]


def test_option_hobbits_sets_colours_by_seat():
    state = GAME.new_state({"players": 2, "hobbits": "pippin,merry"}, SeededDice(1))
    assert state.colour_seat == [None, None, 1, 0, None]


def test_reconstructed_faces_may_be_given_in_lower_case():
    """Components: the face letters of an override are read without regard to case."""
    from palantir.engine import get_game
    options = get_game("journey-to-mordor").validate_options({"coloured_die": "r,g,f,o,n,n"})
    assert options["coloured_die"] == ("R", "G", "F", "O", "N", "N")
