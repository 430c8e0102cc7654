"""Playing cards on tracks, rewards and hobbit abilities (reference: Play 3, Characters,
Legendary cards, Further decisions)."""

from collections import Counter

import pytest

from tests.support.positions.board import (die, draw, more, refused, setup, step, table, tile,
                                           used_all)
from palantir.engine.errors import IllegalAction


def test_play_3_one_white_and_one_grey_card_each_moves_its_track():
    state = table(board="moria", hands=[["white-hiding", "grey-travelling"], []],
                  dice=[tile("fighting")])
    step(state, "play white-hiding@hiding grey-travelling@travelling")
    assert state.tracks == {"fighting": 1, "hiding": 1, "travelling": 1}
    assert state.hands[0] == ["book"]  # the first Hiding space of Moria gives the Book
    assert state.discards["white-hiding"] == 1 and state.discards["grey-travelling"] == 1


def test_play_3_not_two_white_cards():
    state = table(board="moria", hands=[["white-hiding", "white-travelling"], []],
                  dice=[tile("fighting")])
    err = refused(state, "play white-hiding@hiding white-travelling@travelling")
    assert "two white" in str(err)
    assert err.rule.startswith("Play 3: at most one white and one grey")


def test_characters_pippin_may_play_any_two_cards():
    state = table(players=3, board="moria", hands=[[], [], ["white-hiding", "white-travelling"]],
                  dice=[tile("fighting")], active=2, ring_bearer=2)
    step(state, "play white-hiding@hiding white-travelling@travelling")
    assert state.tracks["hiding"] == 1 and state.tracks["travelling"] == 1


def test_play_3_a_symbol_moves_only_its_own_track_a_joker_any():
    state = table(board="moria", hands=[[], ["white-hiding", "sting"]],
                  dice=[tile("fighting")], active=1, ring_bearer=1)
    assert "play white-hiding@fighting" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="does not show a fighting symbol"):
        state.apply("play white-hiding@fighting")
    assert "play sting@fighting" in state.legal_actions()


def test_characters_frodo_may_use_any_white_hobbit_card_as_a_joker():
    state = table(board="moria", hands=[["white-hiding", "grey-hiding"], []],
                  dice=[tile("fighting")])
    legal = state.legal_actions()
    assert "play white-hiding@fighting" in legal and "play grey-hiding@fighting" not in legal


def test_legendary_cards_move_a_track_by_all_their_symbols_and_never_return():
    state = table(board="moria", hands=[["gimli"], []], dice=[tile("hiding")])
    step(state, "play gimli@fighting")
    assert state.tracks["fighting"] == 2 and state.runes[0] == 2
    assert state.removed == ["gimli"] and "gimli" not in state.discards


def test_legendary_gollum_3_jokers_plus_a_roll():
    state = table(board="moria", hands=[["gollum"], []], dice=[tile("hiding"), die("darkness-2")])
    step(state, "play gollum@travelling")
    assert state.tracks["travelling"] == 3 and state.positions[0] == 2
    used_all(state)


def test_track_rewards_roll_and_big_rune_then_the_main_track_ends_the_scenario():
    state = table(board="moria", hands=[["anduril"], []], dice=[tile("hiding")])
    state = setup(state, tracks={"fighting": 8})
    more(state, die("blank"), ("special rune", "3"))
    step(state, "play anduril@fighting")  # spaces 9 (roll) and 10 (big rune)
    assert state.runes[0] == 3 and state.tracks["fighting"] == 10
    assert state.special_runes == [1, 1, 2, 2, 3]
    # Play 5: the scenario ends; no token of any kind: 3 into darkness each.
    assert state.positions == [3, 3]


def test_further_decisions_an_empty_deck_is_rebuilt_from_the_discards():
    state = table(board="moria", dice=[tile("fighting")])
    state = setup(state, discards=Counter(state.discards) + Counter(state.deck))  # all of them
    more(state, draw("frodo", "white-joker"), draw("frodo", "white-joker"))
    step(state, "draw")
    assert state.hands[0] == ["white-joker", "white-joker"]
    assert sum(state.deck.values()) == 58 and not state.discards
