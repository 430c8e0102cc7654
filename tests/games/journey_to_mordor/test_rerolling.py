"""Dice Rolls: rerolling, and "All dice must eventually be set aside".

"You then reroll the remaining dice and again set aside at least 1 die, and so on. On
later rolls, the dice you set aside may show the same symbol as a die you already set
aside ... A player may not freely choose to stop rolling (this is only possible by
setting aside the White Tree result). If the player has already set aside all their dice,
the results are then applied."
"""

from tests.support.positions.journey import (BLACK, BLUE, GREEN, MARKED, RED, YELLOW, play,
                                             refused, roll, step, table)

from palantir.games.journey_to_mordor.notation import Keep
from palantir.games.journey_to_mordor.rules import ADVANCING, ROLLING, SETTING_ASIDE


def test_the_remaining_dice_are_rerolled_in_die_order():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(green="R", black="O"))
    play(state, "keep R G F")
    assert state.roll == [(GREEN, "R"), (BLACK, "O")]


def test_rerolling_the_remaining_dice_after_setting_some_aside():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="G"),
                  roll(red="G", green="O", black="R"))
    play(state, "keep R F")
    assert state.aside == [(YELLOW, "R"), (BLUE, "F")]
    assert state.roll == [(RED, "G"), (GREEN, "O"), (BLACK, "R")]
    assert state.phase == ROLLING and state.to_move() == 0


def test_later_rolls_may_set_aside_a_symbol_already_set_aside_ring_then_ring():
    # The rulebook's example: a ring on the first roll, another ring on the second.
    state = table(roll(yellow="R", red="G", blue="F", green="F", black="G"),
                  roll(red="R", blue="G", green="F", black="G"),
                  roll(blue="G", green="F", black="F"),
                  roll(green="F", black="F"),
                  roll(black="F"),
                  roll(yellow="O", red="O", blue="O", green="O", black="O"))
    play(state, "keep R", "keep R", "keep G", "keep F:green", "keep F")
    assert state.ring[0] == 2  # two rings, no orc: two spaces
    assert state.active == 1


def test_by_the_end_of_the_turn_there_may_be_several_repeated_symbols():
    state = table(roll(yellow="F", red="G", blue="O", green="R", black="T"),
                  roll(red="F", blue="G", green="R", black="N"),
                  roll(blue="F", green="O"),
                  roll(green="R"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"))
    step(state, "keep F", "keep F N", "keep F")
    assert [f for _, f in state.aside] == ["F", "F", "N", "F"]
    play(state, "keep R")
    assert state.nazgul[0][0] == MARKED
    assert state.ring[0] == 1 and state.active == 1


def test_a_player_may_not_choose_to_stop_rolling_without_the_white_tree():
    state = table(roll(yellow="R", red="R", blue="F", green="O", black="G"))
    # There is no decision that ends the turn while dice remain, other than the White Tree.
    refused(state, "advance 1", ADVANCING)
    refused(state, "stop", "notation")
    assert all(isinstance(action, Keep) for action in state.legal_actions())
    assert state.phase == ROLLING


def test_when_all_dice_are_set_aside_the_results_are_applied():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="N"),
                  roll(yellow="F", red="F", blue="F", green="F", black="F"))
    play(state, "keep R G F O N")
    assert state.ring[0] == 1          # F cancels O, the ring counts
    assert state.nazgul[0][0] == 3     # Gandalf split the first square, the black Nazgûl marked half
    assert state.active == 1 and state.aside == []


def test_a_single_die_left_must_be_set_aside_whatever_it_shows():
    state = table(roll(yellow="O", red="G", blue="F", green="R", black="G"),
                  roll(black="O"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"))
    step(state, "keep O G:red F R")
    assert [keep.dice for keep in state.legal_actions()] == [((BLACK, "O"),)]
    refused(state, "keep R", "notation")
    play(state, "keep O")
    assert state.ring[0] == 0  # two orcs, one Fellowship member: the ring is lost


def test_keeping_is_refused_once_the_dice_are_applied():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="N"), locations=True)
    play(state, "keep R G F O N")
    assert state.phase == "advance"
    refused(state, "keep R", ADVANCING)
    refused(state, Keep(((YELLOW, "R"),)), SETTING_ASIDE)
