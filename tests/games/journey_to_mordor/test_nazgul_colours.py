"""Nazgûl: which player a set-aside Nazgûl affects depends on the colour of its die.

"The active player is affected if the set-aside Nazgûl corresponds to the black die or to
a die of their own color. Likewise, if there are fewer than 4 players in the game, they are
also affected if the color of the die does not correspond to any of the participating
players. A rival player is affected if the set-aside Nazgûl die matches their color."
"Note: Nazgûl set aside with the color of an eliminated player will from then on count for
the active player." (Elimination of a Player)
"""

import pytest
from tests.support.positions.journey import (BLACK, BLUE, GREEN, HALF_MARKED, MARKED, RED,
                                             SPLIT_MARKED, WHOLE, YELLOW, fellowship,
                                             finish_turn, play, roll, step, table)

from palantir.games.journey_to_mordor.rules import nazgul_target

ALL_NAZGUL = ("keep N:yellow", "keep N:red", "keep N:blue", "keep N:green", "keep N")


def five_nazgul_one_per_roll():
    """Five rolls, each showing a Nazgûl on every die still in play."""
    dice = ["yellow", "red", "blue", "green", "black"]
    return [roll(**{d: "N" for d in dice[i:]}) for i in range(5)]


def marked(state, seat):
    """How many Nazgûl have marked `seat`'s route (a split square takes two)."""
    return sum({MARKED: 1, HALF_MARKED: 1, SPLIT_MARKED: 2}.get(s, 0) for s in state.nazgul[seat])


@pytest.mark.parametrize("players, marks", [
    (1, [5]),              # every colour but Frodo's has no player: all hit Frodo
    (2, [4, 1]),           # Frodo: yellow, blue, green, black; Sam: red
    (3, [3, 1, 1]),        # Frodo: yellow, green, black
    (4, [2, 1, 1, 1]),     # Frodo: yellow and black; each colour hits its hobbit
])
def test_nazgul_colour_rule_with_1_to_4_players(players, marks):
    next_turn = roll(yellow="G", red="G", blue="G", green="G", black="G")
    state = table(*five_nazgul_one_per_roll(), next_turn, players=players)
    play(state, *ALL_NAZGUL)
    assert [marked(state, seat) for seat in range(players)] == marks


def test_nazgul_example_merry_blue_and_black_mark_two_spaces_and_red_hits_sam():
    # Merry is active (blue); Sam (red) is a rival.
    state = table(roll(yellow="R", red="O", blue="N", green="O", black="G"),
                  roll(red="N", green="F", black="N"),
                  roll(red="N"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"),
                  players=2, hobbits="merry,sam")
    play(state, "keep R N", "keep N:black F", "keep N")
    merry, sam = 0, 1
    assert state.nazgul[merry][:3] == [MARKED, MARKED, WHOLE]   # "mark 2 spaces"
    assert state.nazgul[sam][:2] == [MARKED, WHOLE]              # "Sam must mark 1 space"
    assert state.active == sam


def test_nazgul_the_black_die_always_affects_the_active_player():
    for active in range(4):
        state = table(roll(yellow="G", red="G", blue="G", green="G", black="N"),
                      roll(yellow="R", red="G", blue="F", green="O"),
                      roll(yellow="G", red="G", blue="G", green="G", black="G"),
                      players=4, active=active)
        play(state, "keep N", "keep R G F O")
        assert [marked(state, s) for s in range(4)] == [int(s == active) for s in range(4)]


def test_nazgul_a_rival_is_affected_during_the_active_players_turn():
    state = table(roll(yellow="G", red="N", blue="G", green="G", black="G"),
                  roll(yellow="F", blue="F", green="F", black="F"),
                  roll(blue="F", green="F", black="F"),
                  roll(green="F", black="F"),
                  roll(black="F"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"),
                  players=3)
    play(state, "keep N", "keep F:yellow", "keep F:blue", "keep F:green", "keep F")
    assert [marked(state, s) for s in range(3)] == [0, 1, 0]


def test_nazgul_follows_the_hobbit_chosen_not_the_seat():
    # Seat 0 plays Pippin (green), seat 1 Frodo (yellow): the yellow Nazgûl hits seat 1.
    state = table(roll(yellow="N", red="G", blue="G", green="G", black="G"),
                  roll(red="F", blue="F", green="F", black="F"),
                  roll(blue="F", green="F", black="F"),
                  roll(green="F", black="F"),
                  roll(black="F"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"),
                  players=2, hobbits="pippin,frodo")
    play(state, "keep N", "keep F:red", "keep F:blue", "keep F:green", "keep F")
    assert [marked(state, s) for s in range(2)] == [0, 1]


def test_nazgul_colour_of_an_eliminated_player_hits_the_active_player():
    # Sam (red) is out: his colour now counts for the active player, Frodo.
    state = table(*five_nazgul_one_per_roll(),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"),
                  players=4, eliminated=[1], nazgul={1: "xxxxxx"})
    play(state, *ALL_NAZGUL)
    assert [marked(state, s) for s in (0, 2, 3)] == [3, 1, 1]
    assert state.nazgul[1] == [MARKED] * 6 and state.active == 2


def test_nazgul_colour_of_a_player_eliminated_this_turn_then_hits_the_active_player():
    # Frodo's red Nazgûl eliminates Sam; on Merry's turn the red die's Nazgûl hits Merry.
    state = table(roll(yellow="G", red="N", blue="G", green="G", black="G"),
                  roll(yellow="G", blue="G", green="G", black="G"),
                  roll(blue="G", green="G", black="G"),
                  roll(green="G", black="G"),
                  roll(black="G"),
                  roll(yellow="R", red="N", blue="F", green="O", black="G"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"),
                  players=3, nazgul={1: "xxxxx."})
    step(state, "keep N", "keep G:yellow", "keep G:blue", "keep G:green", "keep G")
    assert state.eliminated[1]
    assert state.active == 2  # Sam's turn is skipped
    play(state, "keep R G F O N")
    assert marked(state, 2) == 1 and state.nazgul[1] == [MARKED] * 6
    assert state.active == 0 and state.round == 2


@pytest.mark.parametrize("die, players, active, expected", [
    (BLACK, 4, 2, 2), (BLUE, 4, 2, 2), (RED, 4, 2, 1), (GREEN, 4, 2, 3), (YELLOW, 4, 2, 0),
    (GREEN, 3, 2, 2),                  # Pippin is not playing: the active player
    (BLUE, 2, 0, 0), (RED, 2, 0, 1),
    (RED, 1, 0, 0), (BLACK, 1, 0, 0),
])
def test_nazgul_target_by_die_colour_and_player_count(die, players, active, expected):
    colour_seat = [seat if seat < players else None for seat in range(4)] + [None]
    eliminated = [False] * players
    assert nazgul_target(die, active, None, colour_seat, eliminated, BLACK) == expected


@pytest.mark.parametrize("die", [YELLOW, RED, BLUE, GREEN])
def test_nazgul_target_colour_of_an_eliminated_player_is_the_active_player(die):
    colour_seat = [0, 1, 2, 3, None]
    eliminated = [False, True, True, True]
    assert nazgul_target(die, 0, None, colour_seat, eliminated, BLACK) == 0


def test_half_marks_count_as_marks_for_the_affected_rival():
    # Sam's route starts split: the red Nazgûl on Frodo's turn marks half of it.
    state = table(roll(yellow="G", red="N", blue="G", green="G", black="G"),
                  *fellowship("yellow", "blue", "green", "black"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"),
                  players=2, nazgul={1: "s....."})
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[1][0] == HALF_MARKED
    assert state.dice.remaining() == 0
