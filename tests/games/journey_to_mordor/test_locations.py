"""Version with Location Features: "every time the active player starts their turn on a
location, they encounter a character ... who grants one of the special features ... At the
start, players begin at Bag End, which has no special feature."
"""

import pytest
from tests.support.positions.journey import (MARKED, POSITION, WHOLE, fellowship, finish_turn,
                                             play, refused, roll, route, step, table)

from palantir.games.journey_to_mordor.notation import REROLL, Advance
from palantir.games.journey_to_mordor.rules import (ADVANCING, ONE_NAZGUL, ONE_PER_SYMBOL,
                                                    ROHAN, effective_rings, nazgul_target)

NEXT_TURN = roll(yellow="G", red="G", blue="G", green="G", black="G")
FEATURES = {"Bag End": None, "Rivendell": "identical_symbols", "Moria": "no_gandalf",
            "Lothlórien": "double_fellowship", "Rohan": "reroll_each_roll",
            "Helm's Deep": "double_orcs", "Gondor": "nazgul_spare_you",
            "Minas Tirith": "all_nazgul_on_you", "Shelob's Lair": "one_ring_fewer"}


def at(place, *rolls, players=2, **kw):
    """Frodo (seat 0, yellow) starts his turn at `place` in the location version."""
    return table(*rolls, players=players, locations=True, ring={0: place}, **kw)


@pytest.mark.parametrize("place", list(FEATURES))
def test_location_feature_in_force_where_the_turn_starts(place):
    state = at(place, NEXT_TURN)
    assert state.feature == FEATURES[place]


@pytest.mark.parametrize("place", list(FEATURES))
def test_basic_game_has_no_location_features(place):
    state = table(NEXT_TURN, ring={0: place})
    assert state.feature is None


def test_location_feature_of_the_starting_space_holds_for_the_whole_turn():
    # Frodo starts in Rivendell and reaches Moria this turn: his Gandalf still works now...
    state = at("Rivendell", roll(yellow="R", red="F", blue="F", green="F", black="G"),
               roll(red="F", blue="F", green="F"), NEXT_TURN)
    step(state, "keep R G")
    step(state, "keep F F F")  # identical symbols: still Rivendell's feature
    assert state.nazgul[0][0] != WHOLE  # split by Gandalf
    play(state, "advance 1")
    assert state.ring[0] == POSITION["Moria"]


def test_location_moria_applies_on_the_next_turn_started_there():
    state = at("Rivendell", roll(yellow="R", red="F", blue="F", green="F", black="T"),
               roll(yellow="F", red="F", blue="F", green="F", black="F"),  # Sam
               *fellowship("red", "blue", "green", "black"),
               roll(yellow="G", red="F", blue="F", green="F", black="N"),  # Frodo in Moria
               *fellowship("red", "blue", "green"), NEXT_TURN)
    step(state, "keep R T", "advance 1")
    finish_turn(state)
    assert state.active == 0 and state.feature == "no_gandalf"
    step(state, "keep G N")
    finish_turn(state)
    assert state.nazgul[0] == route("x.....")
    play(state)


# 1. Rivendell -> Set aside identical symbols

def test_rivendell_three_rings_in_one_roll_may_all_be_set_aside():
    state = at("Rivendell", roll(yellow="R", red="R", blue="R", green="F", black="F"),
               roll(green="F", black="F"), NEXT_TURN)
    step(state, "keep R R R", "keep F F")
    assert state.advance_max == 3
    play(state, "advance 3")
    assert state.ring[0] == 1 + 3


def test_rivendell_several_nazgul_may_be_set_aside_together():
    state = at("Rivendell", roll(yellow="N", red="N", blue="N", green="F", black="N"),
               roll(green="F"), NEXT_TURN)
    kept = {sum(1 for _, f in keep.dice if f == "N") for keep in state.legal_actions()}
    assert kept == {1, 2, 3, 4}
    play(state, "keep N N N N", "keep F")
    assert state.nazgul[0][:3] == [MARKED, MARKED, MARKED]  # yellow, blue, black
    assert state.nazgul[1][:2] == [MARKED, WHOLE]            # red: Sam


def test_rivendell_at_least_one_nazgul_if_any_shows():
    state = at("Rivendell", roll(yellow="N", red="N", blue="F", green="F", black="R"))
    refused(state, "keep F F R", ONE_NAZGUL)
    assert all(any(f == "N" for _, f in k.dice) for k in state.legal_actions())


def test_identical_symbols_refused_outside_rivendell():
    for place in ("Bag End", "Moria", "Rohan"):
        state = at(place, roll(yellow="R", red="R", blue="R", green="F", black="F"))
        refused(state, "keep R R R", ONE_PER_SYMBOL)
    basic = table(roll(yellow="R", red="R", blue="R", green="F", black="F"),
                  ring={0: "Rivendell"})
    refused(basic, "keep R R R", ONE_PER_SYMBOL)


# 2. Moria -> Gandalf has no effect

def test_moria_gandalf_may_be_set_aside_but_splits_nothing():
    state = at("Moria", roll(yellow="G", red="F", blue="F", green="F", black="N"),
               *fellowship("red", "blue", "green"), NEXT_TURN)
    step(state, "keep G N")
    finish_turn(state)
    assert state.nazgul[0] == route("x.....")
    play(state)


# 3. Lothlórien -> Double the value of Fellowship members

def test_lothlorien_one_fellowship_member_cancels_two_orcs():
    state = at("Lothlórien", roll(yellow="R", red="O", blue="F", green="G", black="G"),
               roll(green="O", black="G"), roll(black="G"), NEXT_TURN)
    step(state, "keep R O F", "keep O", "keep G")
    assert state.advance_max == 1
    play(state, "advance 1")
    assert state.ring[0] == POSITION["Rohan"]


def test_lothlorien_one_fellowship_member_does_not_cancel_three_orcs():
    assert effective_rings(list("ROOOF"), "double_fellowship") == 0
    assert effective_rings(list("ROOFF"), "double_fellowship") == 1
    assert effective_rings(list("ROOOOFF"), "double_fellowship") == 1


# 4. Rohan -> You may repeat each roll once

def test_rohan_a_roll_may_be_repeated_once():
    state = at("Rohan", roll(yellow="N", red="N", blue="N", green="O", black="N"),
               roll(yellow="R", red="G", blue="F", green="O", black="T"), NEXT_TURN)
    assert REROLL in state.legal_actions()
    step(state, "reroll")
    assert state.roll == [(0, "R"), (1, "G"), (2, "F"), (3, "O"), (4, "T")]
    assert REROLL not in state.legal_actions()
    refused(state, "reroll", ROHAN)
    play(state, "keep R G F O T", "advance 1")
    assert state.ring[0] == POSITION["Helm's Deep"]


def test_rohan_each_later_roll_may_be_repeated_once_too():
    state = at("Rohan", roll(yellow="R", red="O", blue="O", green="O", black="O"),
               roll(red="O", blue="O", green="O", black="O"),
               roll(red="F", blue="O", green="O", black="O"),
               roll(blue="O", green="O", black="T"))
    step(state, "keep R")
    assert REROLL in state.legal_actions()
    step(state, "reroll")  # only the four dice still in play are rolled again
    assert state.roll == [(1, "F"), (2, "O"), (3, "O"), (4, "O")]
    refused(state, "reroll", ROHAN)
    step(state, "keep F")
    assert REROLL in state.legal_actions()  # a new roll: it may be repeated once
    assert state.roll == [(2, "O"), (3, "O"), (4, "T")]
    assert state.dice.remaining() == 0


@pytest.mark.parametrize("place", ["Bag End", "Rivendell", "Helm's Deep", "Shelob's Lair"])
def test_reroll_outside_rohan_is_refused(place):
    state = at(place, roll(yellow="R", red="G", blue="F", green="O", black="T"))
    assert REROLL not in state.legal_actions()
    error = refused(state, "reroll", ROHAN)
    assert "Rohan" in str(error)


def test_reroll_in_rohan_in_the_basic_game_is_refused():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"), ring={0: "Rohan"})
    refused(state, REROLL, ROHAN)


# 5. Helm's Deep -> Double the value of Orcs

def test_helms_deep_one_fellowship_member_no_longer_counters_one_orc():
    state = at("Helm's Deep", roll(yellow="R", red="O", blue="F", green="G", black="G"),
               roll(green="G"), NEXT_TURN)
    step(state, "keep R O F G:black")
    play(state, "keep G")
    assert state.ring[0] == POSITION["Helm's Deep"] and state.active == 1


def test_helms_deep_two_fellowship_members_counter_one_orc():
    state = at("Helm's Deep", roll(yellow="R", red="O", blue="F", green="G", black="G"),
               roll(green="F", black="G"), roll(black="G"), NEXT_TURN)
    step(state, "keep R O F", "keep F", "keep G")
    play(state, "advance 1")
    assert state.ring[0] == POSITION["Gondor"]


# 6. Gondor -> The Nazgûl do not affect you

def test_gondor_nazgul_of_your_colour_black_and_no_player_do_not_affect_you():
    state = at("Gondor", roll(yellow="N", red="F", blue="F", green="F", black="F"),
               roll(red="F", blue="N", green="F", black="F"),
               roll(red="F", green="F", black="N"),
               roll(red="F", green="F"), roll(green="F"), NEXT_TURN)
    step(state, "keep N", "keep N", "keep N", "keep F:red")
    play(state, "keep F")
    assert state.nazgul[0] == [WHOLE] * 6
    assert state.active == 1


def test_gondor_you_must_still_set_aside_the_nazgul():
    state = at("Gondor", roll(yellow="N", red="R", blue="F", green="F", black="F"))
    refused(state, "keep R", ONE_NAZGUL)


def test_gondor_other_players_are_affected_by_their_colour_as_always():
    state = at("Gondor", roll(yellow="F", red="N", blue="F", green="F", black="F"),
               *fellowship("yellow", "blue", "green", "black"), NEXT_TURN)
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[1][0] == MARKED and state.nazgul[0] == [WHOLE] * 6


def test_gondor_shields_only_the_active_player_not_a_rival_standing_there():
    # Sam stands in Gondor; on Frodo's turn (at Bag End) the red Nazgûl still hits Sam.
    state = table(roll(yellow="F", red="N", blue="F", green="F", black="F"),
                  *fellowship("yellow", "blue", "green", "black"), NEXT_TURN,
                  locations=True, ring={1: "Gondor"})
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[1][0] == MARKED


def test_gondor_and_minas_tirith_with_the_colour_of_an_eliminated_player():
    # Sam (red, seat 1) is eliminated: his colour counts for the active player, Frodo.
    colour_seat, eliminated = [0, 1, None, None, None], [False, True]
    assert nazgul_target(1, 0, "nazgul_spare_you", colour_seat, eliminated, 4) is None
    assert nazgul_target(1, 0, "all_nazgul_on_you", colour_seat, eliminated, 4) == 0
    assert nazgul_target(1, 0, None, colour_seat, eliminated, 4) == 0


# 7. Minas Tirith -> All Nazgûl affect you

def test_minas_tirith_a_rivals_nazgul_affects_you_and_frees_the_rival():
    state = at("Minas Tirith", roll(yellow="F", red="N", blue="F", green="F", black="F"),
               roll(yellow="F", blue="F", green="F", black="N"),
               *fellowship("yellow", "blue", "green"), NEXT_TURN)
    step(state, "keep N", "keep N")
    finish_turn(state)
    assert state.nazgul[0][:3] == [MARKED, MARKED, WHOLE]
    assert state.nazgul[1] == [WHOLE] * 6
    play(state)


def test_minas_tirith_pulls_every_rival_colour_with_four_players():
    rolls = [roll(**{d: "N" for d in ("yellow", "red", "blue", "green", "black")[i:]})
             for i in range(5)]
    state = at("Minas Tirith", *rolls, NEXT_TURN, players=4)
    play(state, "keep N:yellow", "keep N:red", "keep N:blue", "keep N:green", "keep N")
    assert state.nazgul[0] == route("xxxxx.")
    assert all(state.nazgul[s] == [WHOLE] * 6 for s in (1, 2, 3))


def test_minas_tirith_does_not_pull_when_the_rival_standing_there_is_not_active():
    state = table(roll(yellow="F", red="N", blue="F", green="F", black="F"),
                  *fellowship("yellow", "blue", "green", "black"), NEXT_TURN,
                  locations=True, ring={1: "Minas Tirith"})
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[1][0] == MARKED and state.nazgul[0] == [WHOLE] * 6


# 8. Shelob's Lair -> One ring fewer

def test_shelobs_lair_one_ring_is_not_enough():
    state = at("Shelob's Lair", roll(yellow="R", red="F", blue="F", green="F", black="F"),
               *fellowship("red", "blue", "green", "black"), NEXT_TURN)
    state.apply("keep R")
    finish_turn(state)
    assert state.ring[0] == POSITION["Shelob's Lair"] and state.active == 1
    play(state)


def test_shelobs_lair_two_rings_advance_one_space_to_mordor():
    state = at("Shelob's Lair", roll(yellow="R", red="F", blue="F", green="F", black="F"),
               roll(red="R", blue="F", green="F", black="F"),
               *fellowship("blue", "green", "black"), NEXT_TURN)
    step(state, "keep R", "keep R")
    finish_turn(state)
    assert state.advance_max == 1
    play(state, "advance 1")
    assert state.ring[0] == POSITION["Mordor"] and state.arrived[0]


@pytest.mark.parametrize("faces, rings", [("R", 0), ("RR", 1), ("RRR", 2), ("RRO", 0),
                                          ("RROF", 1)])
def test_shelobs_lair_counts_one_ring_fewer(faces, rings):
    assert effective_rings(list(faces), "one_ring_fewer") == rings


# Advancing in the location version is the player's choice ("may mark").

def test_location_version_offers_every_advance_from_all_rings_to_none():
    state = at("Bag End", roll(yellow="R", red="R", blue="F", green="F", black="F"),
               roll(red="R", blue="F", green="F", black="F"),
               *fellowship("blue", "green", "black"))
    step(state, "keep R:yellow", "keep R")
    finish_turn(state)
    assert state.phase == "advance" and state.to_move() == 0
    assert state.legal_actions() == [Advance(2), Advance(1), Advance(0)]
    refused(state, "advance 3", ADVANCING)
    refused(state, REROLL, ROHAN)


def test_location_version_declining_to_advance_stays_in_rivendell():
    state = at("Rivendell", roll(yellow="R", red="F", blue="F", green="F", black="T"),
               roll(yellow="F", red="F", blue="F", green="F", black="T"),
               roll(yellow="R", red="R", blue="F", green="F", black="F"))
    step(state, "keep R T", "advance 0")
    assert state.ring[0] == POSITION["Rivendell"]
    assert ("advance", 0, 0, POSITION["Rivendell"]) in state.news
    step(state, "keep T")
    assert state.active == 0 and state.feature == "identical_symbols"
    play(state)
