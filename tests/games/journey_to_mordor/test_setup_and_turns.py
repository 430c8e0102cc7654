"""Game Setup and Sequence of Play: each player marks a hobbit (a colour); everyone starts
at Bag End with an unmarked Nazgûl route; "Starting with the first player, each player takes
their turn and then passes the turn to the player on their left."
"""

import random

from tests.support.positions.journey import GAME, WHOLE, roll, table

from palantir.engine import SeededDice

ONE_TURN = roll(yellow="R", red="G", blue="F", green="O", black="T")


def test_setup_everyone_starts_at_bag_end_with_a_whole_nazgul_route():
    state = GAME.new_state({"players": 4}, SeededDice(1))
    assert state.ring == [0, 0, 0, 0]
    assert state.nazgul == [[WHOLE] * 6 for _ in range(4)]
    assert state.eliminated == [False] * 4 and state.arrived == [False] * 4
    assert state.parts.start == "Bag End"


def test_setup_each_hobbit_corresponds_to_a_different_colour():
    parts = GAME.components_for(GAME.validate_options({}))
    assert parts.hobbit_colours == {"frodo": "yellow", "sam": "red", "merry": "blue",
                                    "pippin": "green"}
    assert parts.die_names == ("yellow", "red", "blue", "green", "black")


def test_the_first_player_starts_and_the_turn_passes_to_the_left():
    state = table(*[ONE_TURN] * 9, players=4)
    order = []
    for _ in range(8):
        order.append((state.round, state.active))
        state.apply("keep R G F O T")
    assert order == [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)]


def test_a_solo_player_takes_every_turn():
    state = table(*[ONE_TURN] * 4, players=1)
    for expected_round in (1, 2, 3):
        assert state.round == expected_round and state.active == 0
        state.apply("keep R G F O T")


def test_state_from_view_rebuilds_the_same_position():
    state = GAME.new_state({"players": 3, "locations": True}, SeededDice(5))
    rng = random.Random(5)
    while not state.is_over():
        rebuilt = GAME.state_from_view(state.view(1), SeededDice(0))
        assert rebuilt.view(1) == state.view(1)
        assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in state.legal_actions()]
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert GAME.state_from_view(state.view(0), SeededDice(0)).view(0) == state.view(0)


def test_view_is_the_same_for_every_seat_there_is_no_hidden_information():
    state = GAME.new_state({"players": 4}, SeededDice(2))
    views = [state.view(seat) for seat in (None, 0, 1, 2, 3)]
    for view in views:
        view.pop("seat")
    assert all(view == views[0] for view in views)
