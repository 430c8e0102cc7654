"""End of the Game: "All players have been eliminated ... In this case, everyone has lost;
OR A player has reached Mordor on their Ring-bearer's route (any leftover rings are
ignored). The round is played to its end; if that player is still the only one who has
reached Mordor, they have won. If in the final round several players have reached Mordor,
the winner is whoever has the most whole and half spaces left unmarked on their Nazgûl
route." Rulings where the rulebook is silent are documented in docs/journey-to-mordor.md.
"""

import pytest
from tests.support.positions.journey import fellowship, finish_turn, play, refused, roll, table

from palantir.games.journey_to_mordor.notation import REROLL, Advance, Keep
from palantir.games.journey_to_mordor.rules import GAME_OVER, OVER

DICE = ("yellow", "red", "blue", "green", "black")
# A turn with one ring and nothing else that matters (Fellowship members are harmless).
RING_TURN = [roll(yellow="R", red="F", blue="F", green="F", black="F"),
             *fellowship("red", "blue", "green", "black")]
QUIET_TURN = fellowship(*DICE)
# A turn whose yellow Nazgûl hits Frodo (seat 0) when someone else is active.
YELLOW_NAZGUL_TURN = [roll(yellow="N", red="F", blue="F", green="F", black="F"),
                      *fellowship("red", "blue", "green", "black")]


def turns(state, count):
    for _ in range(count):
        finish_turn(state)
    return state


def test_reaching_mordor_the_round_is_played_to_its_end_then_the_arrival_wins():
    state = table(*RING_TURN, *QUIET_TURN, players=2, ring={0: "Shelob's Lair"})
    finish_turn(state)
    assert state.ring[0] == 9 and state.arrived[0] and state.final_round
    assert not state.is_over() and state.active == 1  # Sam still plays his turn
    finish_turn(state)
    assert state.is_over() and state.phase == OVER
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.rounds == 1
    assert "Frodo" in outcome.summary
    play(state)


def test_reaching_mordor_on_the_last_turn_of_the_round_ends_the_game_at_once():
    state = table(*RING_TURN, players=2, active=1, ring={1: "Shelob's Lair"})
    finish_turn(state)
    assert state.is_over() and state.outcome().winners == (1,)
    play(state)


def test_final_round_players_before_the_arrival_do_not_get_another_turn():
    # Sam (seat 1 of 3) arrives; Merry plays; the game ends before Frodo's next turn.
    state = table(*RING_TURN, *QUIET_TURN, players=3, active=1, ring={1: "Shelob's Lair"})
    finish_turn(state)
    assert state.active == 2
    finish_turn(state)
    assert state.is_over() and state.outcome().winners == (1,) and state.round == 1
    play(state)


def test_final_round_several_arrivals_most_unmarked_spaces_wins():
    # Frodo has 5 whole squares left, Sam 1 split square (2 halves) and 4 whole: 6 > 5.
    state = table(*RING_TURN, *RING_TURN, players=2,
                  ring={0: "Shelob's Lair", 1: "Shelob's Lair"},
                  nazgul={0: "x.....", 1: "x.s..."})
    turns(state, 2)
    outcome = state.outcome()
    assert outcome.winners == (1,)
    assert outcome.details["reached"] == [0, 1]
    assert outcome.details["unmarked"] == [5, 6]
    play(state)


def test_final_round_tie_break_counts_half_spaces():
    # Frodo: a half-marked square (1 half left) and 5 whole squares: 6; Sam: 5.
    state = table(*RING_TURN, *RING_TURN, players=2,
                  ring={0: "Shelob's Lair", 1: "Shelob's Lair"},
                  nazgul={0: "h.....", 1: "x....."})
    turns(state, 2)
    assert state.outcome().winners == (0,)
    assert state.outcome().details["unmarked"] == [6, 5]


def test_final_round_the_first_arrival_may_lose_to_a_later_one():
    state = table(*RING_TURN, *RING_TURN, *RING_TURN, players=3,
                  ring={0: "Shelob's Lair", 2: "Shelob's Lair"},
                  nazgul={0: "xxx...", 2: "......"})
    turns(state, 3)
    assert state.outcome().winners == (2,)
    assert "Merry wins" in state.outcome().summary


def test_final_round_exact_tie_is_a_shared_victory():
    # The rulebook does not break a tie on unmarked spaces: the arrivals share the victory.
    state = table(*RING_TURN, *RING_TURN, players=2,
                  ring={0: "Shelob's Lair", 1: "Shelob's Lair"},
                  nazgul={0: "x.....", 1: "x....."})
    turns(state, 2)
    outcome = state.outcome()
    assert outcome.winners == (0, 1)
    assert "share" in outcome.summary
    assert outcome.returns(2) == [0.5, 0.5]


def test_final_round_an_arrival_eliminated_in_the_same_round_does_not_win():
    # Frodo reaches Mount Doom; Sam's yellow Nazgûl crosses off Frodo's last square.
    # Nobody is left at Mount Doom, so the game goes on (ruling).
    state = table(*RING_TURN, *YELLOW_NAZGUL_TURN, QUIET_TURN[0], players=2,
                  ring={0: "Shelob's Lair"}, nazgul={0: "xxxxx."})
    turns(state, 2)
    assert state.eliminated[0] and state.arrived[0]
    assert not state.is_over() and not state.final_round
    assert state.round == 2 and state.active == 1
    play(state)


def test_final_round_an_eliminated_arrival_leaves_the_other_arrival_the_winner():
    state = table(*RING_TURN,
                  roll(yellow="N", red="R", blue="F", green="F", black="F"),
                  *fellowship("blue", "green", "black"), players=2,
                  ring={0: "Shelob's Lair", 1: "Shelob's Lair"}, nazgul={0: "xxxxx."})
    finish_turn(state)
    state.apply("keep N R")
    finish_turn(state)
    assert state.is_over()
    assert state.outcome().winners == (1,) and state.outcome().eliminated == (0,)
    play(state)


def test_all_players_eliminated_everyone_has_lost():
    state = table(roll(yellow="N", red="N", blue="F", green="F", black="F"),
                  roll(red="N", blue="F", green="F", black="F"),
                  *fellowship("blue", "green", "black"), players=2,
                  nazgul={0: "xxxxx.", 1: "xxxxx."})
    state.apply("keep N:yellow")
    state.apply("keep N")
    finish_turn(state)
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.winners == () and outcome.eliminated == (0, 1)
    assert "everyone has lost" in outcome.summary
    assert outcome.returns(2) == [0.0, 0.0]
    play(state)


def test_reaching_mordor_leftover_rings_are_ignored():
    state = table(roll(yellow="R", red="R", blue="F", green="F", black="F"),
                  roll(red="R", blue="F", green="F", black="F"),
                  *fellowship("blue", "green", "black"), *QUIET_TURN, players=2,
                  ring={0: "Shelob's Lair"})
    state.apply("keep R:yellow")
    state.apply("keep R")
    finish_turn(state)
    assert state.ring[0] == 9  # 2 rings, 1 space left
    assert state.arrived[0]


@pytest.mark.parametrize("decision", ["keep R", "advance 1", "reroll", "stop"])
def test_after_the_end_of_the_game_no_decision_is_accepted(decision):
    state = table(*RING_TURN, players=1, ring={0: "Shelob's Lair"})
    finish_turn(state)
    assert state.is_over() and state.to_move() is None and state.legal_actions() == []
    error = refused(state, decision, GAME_OVER)
    assert "the game is over" in str(error)


@pytest.mark.parametrize("action", [Keep(((0, "R"),)), Advance(1), REROLL])
def test_after_the_end_of_the_game_a_decision_object_is_refused(action):
    state = table(*RING_TURN, players=1, ring={0: "Shelob's Lair"})
    finish_turn(state)
    refused(state, action, GAME_OVER)
