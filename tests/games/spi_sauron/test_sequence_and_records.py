"""Sequence of play (3.0, 12.0), views, notation, records and replays, atomic refusals."""

import random

import pytest

from palantir.engine.dice import SeededDice
from palantir.engine.errors import BadNotation, IllegalAction
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.spi_sauron.notation import END, Enter, Move, parse_action
from palantir.games.spi_sauron.phases.turn import victory_level

from tests import support

from tests.support.positions.spi import GAME, at_phase, new_game
from palantir.games.spi_sauron.phases import PHASES, is_night


class EndBiased:
    """A legal random agent that often ends the phase (keeps test games short)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return legal[-1] if self.rng.random() < 0.6 else self.rng.choice(legal)


def test_case_3_0_sauron_has_seven_phases_in_order():
    assert [p.letter for p in PHASES] == ["A", "C", "D", "E", "F", "G", "H"]
    assert [p.seat for p in PHASES] == [0, 0, 0, 0, 1, 1, None]


def test_case_3_0_phases_follow_in_sequence_and_empty_ones_pass():
    state = new_game()
    # Turn 1: no Magic Leader is in play yet, so phase A passes; Sauron moves first.
    assert (state.turn, state.phase.key, state.to_move()) == (1, "sauron-movement", 0)
    # Nobody is within reach of the enemy: both Combat Phases pass, and with no disrupted
    # unit the Rally Phase passes too.
    state.apply("end")
    assert state.phase.key == "westernesse-movement" and state.to_move() == 1
    state.apply("end")
    assert (state.turn, state.phase.key) == (2, "sauron-movement")


def test_case_12_0_the_game_lasts_18_turns_and_15_to_18_are_night():
    state = new_game()
    nights = set()
    while not state.is_over():
        if is_night(state):
            nights.add(state.turn)
        state.apply("end")
    assert state.turn == 18 and nights == {15, 16, 17, 18}
    assert state.to_move() is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply("end")


def test_case_21_2_victory_levels():
    def level(sauron_down, west_down, sauron_vp, west_vp):
        return victory_level({"sauron": sauron_down, "westernesse": west_down},
                             {"sauron": sauron_vp, "westernesse": west_vp})

    assert level(True, False, 4, 10) == "Westernesse Decisive"
    assert level(True, False, 10, 4) == "Westernesse Tactical"
    assert level(False, False, 10, 4) == "Sauron Decisive"
    assert level(False, True, 4, 10) == "Sauron Tactical"
    assert level(True, True, 4, 10) == "Draw"


def test_an_untouched_game_ends_a_sauron_tactical_victory():
    state = new_game()
    while not state.is_over():
        state.apply("end")
    outcome = state.outcome()
    assert outcome.summary == "Sauron Tactical" and outcome.winners == (0,)


def test_notation_round_trips():
    for action in (Move(("1108", "1208", "1209")), Move(("1108", "1208"), "gil_galad"),
                   Enter("orc_archers", ("1331", "1330")), END):
        assert parse_action(str(action)) == action
    assert str(Move(("1108", "1208"), "gil_galad")) == "move gil-galad 1108-1208"
    assert parse_action("enter Orc_Archers 1331") == Enter("orc_archers", ("1331",))


@pytest.mark.parametrize("text", ["", "fly 1108", "move 11-08", "move a b c d", "end now",
                                  "enter elves"])
def test_bad_notation_is_named(text):
    with pytest.raises(BadNotation):
        parse_action(text)


def test_view_shows_the_whole_map_to_both_sides():
    state = new_game()
    assert state.view(0)["units"] == state.view(1)["units"]
    assert len(state.view(0)["units"]) == len(state.units)


def test_state_from_view_rebuilds_the_position():
    state = at_phase(new_game(), "westernesse-movement", turn=2)
    state.apply("enter elves 1401-1302")
    view = state.view(1)
    rebuilt = GAME.state_from_view(view, SeededDice(0))
    assert rebuilt.view(1) == view
    assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_clone_is_independent():
    state = new_game()
    other = state.clone()
    other.apply("move 1021-1020")
    assert state.units["goblins-2"].hex == "1021" and other.units["goblins-2"].hex == "1020"


def test_refusals_leave_the_state_unchanged_in_random_positions():
    state = new_game(dice=SeededDice(3))
    rng = random.Random(3)
    refusals = 0
    for _ in range(80):
        if state.is_over():
            break
        legal = state.legal_actions()
        moves = [a for a in legal if isinstance(a, (Move, Enter))]
        probes = ["move 0101-0102", "enter trolls 1331-1330"]
        if moves:   # a listed move carried one hex too far, or off to a distant hex
            move = rng.choice(moves)
            probes.append(f"{move} ".strip() + "-0101")
            probes.append(str(move).rsplit("-", 1)[0] + "-2332" if "-" in str(move) else "end x")
        for text in probes:
            try:
                state.clone().apply(text)
                continue          # legal after all (e.g. a listed path extended): skip it
            except (IllegalAction, BadNotation):
                pass
            support.refused(state, text)
            refusals += 1
        state.apply(legal[-1] if rng.random() < 0.5 else rng.choice(legal))
    assert refusals > 100


def test_records_replay_exactly():
    final, record = play_match(GAME, {}, [EndBiased(1), EndBiased(2)], seed=7)
    assert final.is_over()
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(None) == final.view(None)
    assert record.result["summary"] == final.outcome().summary
