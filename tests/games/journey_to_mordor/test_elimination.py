"""Elimination of a Player: "If a player has had to mark the last square space of Mordor on
the Nazgûl route, they are eliminated. This can also happen during a rival's turn. If the
Nazgûl and the Ring-bearer reach Mordor on the same turn, the player is eliminated anyway."
"""

from tests.support.positions.journey import (MARKED, SPLIT_MARKED, fellowship, finish_turn,
                                             play, roll, route, step, table)

from palantir.games.journey_to_mordor.rules import OVER

NEXT_TURN = roll(yellow="G", red="G", blue="G", green="G", black="G")


def test_elimination_example_pippin_marks_the_last_space_and_the_rest_play_on():
    # Four players; Pippin (green, seat 3) sets aside his own Nazgûl on his last square.
    state = table(roll(yellow="F", red="F", blue="F", green="N", black="F"),
                  *fellowship("yellow", "red", "blue", "black"), NEXT_TURN,
                  players=4, active=3, nazgul={3: "xxxxx."})
    state.apply("keep N")
    finish_turn(state)
    assert state.eliminated == [False, False, False, True]
    assert state.nazgul[3] == [MARKED] * 6
    assert state.active == 0 and state.round == 2 and state.phase != OVER
    play(state)


def test_elimination_a_half_marked_mordor_square_does_not_eliminate():
    state = table(roll(yellow="N", red="F", blue="F", green="F", black="F"),
                  *fellowship("red", "blue", "green", "black"), NEXT_TURN,
                  nazgul={0: "xxxxxs"})
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[0] == route("xxxxxh") and not state.eliminated[0]
    play(state)


def test_elimination_the_second_half_of_a_split_mordor_square_eliminates():
    state = table(roll(yellow="N", red="F", blue="F", green="F", black="F"),
                  *fellowship("red", "blue", "green", "black"), NEXT_TURN,
                  nazgul={0: "xxxxxh"})
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[0][-1] == SPLIT_MARKED and state.eliminated[0]
    play(state)


def test_elimination_during_a_rivals_turn():
    # Frodo's red Nazgûl crosses off Sam's last square: Sam is out before his turn.
    state = table(roll(yellow="F", red="N", blue="F", green="F", black="F"),
                  *fellowship("yellow", "blue", "green", "black"), NEXT_TURN,
                  players=3, nazgul={1: "xxxxx."})
    state.apply("keep N")
    finish_turn(state)
    assert state.eliminated == [False, True, False]
    assert state.active == 2  # Sam's turn is skipped
    play(state)


def test_elimination_an_eliminated_player_never_takes_another_turn():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  NEXT_TURN, players=3, eliminated=[1], nazgul={1: "xxxxxx"})
    seen = []
    for _ in range(3):
        seen.append(state.active)
        state.apply("keep R G F O T")
    assert seen == [0, 2, 0]
    assert state.ring[1] == 0


def test_elimination_when_ring_bearer_and_nazgul_reach_mordor_on_the_same_turn():
    # Frodo at Shelob's Lair with a ring for Mordor, but his own Nazgûl ends his route.
    state = table(roll(yellow="R", red="F", blue="F", green="F", black="N"),
                  *fellowship("red", "blue", "green"), NEXT_TURN,
                  players=2, ring={0: "Shelob's Lair"}, nazgul={0: "xxxxx."})
    state.apply("keep R N")
    finish_turn(state)
    assert state.eliminated[0]
    assert not state.arrived[0] and state.ring[0] == 8
    assert state.active == 1 and not state.is_over()  # nobody has reached Mount Doom
    play(state)


def test_elimination_same_turn_mordor_alone_everyone_has_lost():
    state = table(roll(yellow="R", red="F", blue="F", green="F", black="N"),
                  *fellowship("red", "blue", "green"),
                  players=1, ring={0: "Shelob's Lair"}, nazgul={0: "xxxxx."})
    state.apply("keep R N")
    finish_turn(state)
    assert state.is_over()
    assert state.outcome().winners == ()
    assert state.outcome().eliminated == (0,)


def test_elimination_nazgul_on_the_active_player_after_elimination_change_nothing():
    # Eliminated by the yellow Nazgûl, Frodo's black Nazgûl finds no square left.
    state = table(roll(yellow="N", red="F", blue="F", green="F", black="F"),
                  roll(red="F", blue="F", green="F", black="N"),
                  *fellowship("red", "blue", "green"), NEXT_TURN,
                  players=2, nazgul={0: "xxxxx."})
    step(state, "keep N", "keep N")
    finish_turn(state)
    assert state.eliminated[0] and state.nazgul[0] == [MARKED] * 6
    assert [item for item in state.news if item[0] == "mark"] == [("mark", 0, 5, 0)]
    play(state)
