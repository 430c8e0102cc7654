"""Dice Rolls: setting dice aside.

"After each roll, you must set aside at least 1 die. ... all the dice you set aside must
show a different symbol. ... If the roll includes one or more Nazgûl, you must set aside
1 of them, regardless of what other symbols you set aside."
"""

from tests.support.positions.journey import (BLACK, BLUE, GREEN, RED, YELLOW, play, refused,
                                             roll, table)

from palantir.games.journey_to_mordor.notation import Keep
from palantir.games.journey_to_mordor.rules import ONE_NAZGUL, ONE_PER_SYMBOL, SETTING_ASIDE


def test_on_your_turn_you_must_roll_all_5_dice():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"))
    assert state.roll == [(YELLOW, "R"), (RED, "G"), (BLUE, "F"), (GREEN, "O"), (BLACK, "T")]
    assert state.aside == []


def test_you_must_set_aside_at_least_1_die():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"))
    refused(state, Keep(()), SETTING_ASIDE)
    assert all(not keep.dice == () for keep in state.legal_actions())


def test_setting_aside_one_die_is_enough_and_the_rest_are_rerolled():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(red="G", blue="F", green="O", black="T"))
    play(state, "keep R")
    assert state.aside == [(YELLOW, "R")]
    assert [d for d, _ in state.roll] == [RED, BLUE, GREEN, BLACK]


def test_several_dice_may_be_set_aside_if_they_show_different_symbols():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(green="O", black="R"))
    play(state, "keep R G F")
    assert state.aside == [(YELLOW, "R"), (RED, "G"), (BLUE, "F")]
    assert [d for d, _ in state.roll] == [GREEN, BLACK]


def test_in_a_single_roll_only_1_die_per_symbol_two_rings_refused():
    state = table(roll(yellow="R", red="R", blue="F", green="O", black="T"))
    refused(state, "keep R R", ONE_PER_SYMBOL)
    refused(state, Keep(((YELLOW, "R"), (RED, "R"))), ONE_PER_SYMBOL)


def test_in_a_single_roll_only_1_die_per_symbol_two_orcs_refused_with_colours():
    state = table(roll(yellow="O", red="O", blue="F", green="R", black="G"))
    refused(state, "keep O:yellow O:red", ONE_PER_SYMBOL)


def test_legal_keeps_never_hold_two_dice_with_the_same_symbol():
    state = table(roll(yellow="R", red="R", blue="O", green="O", black="G"))
    keeps = state.legal_actions()
    assert keeps, "there is always something to set aside"
    for keep in keeps:
        faces = [f for _, f in keep.dice]
        assert len(set(faces)) == len(faces)
    # 3 symbols showing: R (2 dice), O (2 dice), G (1 die) -> (1+2)*(1+2)*(1+1) - 1 keeps
    assert len(keeps) == 3 * 3 * 2 - 1


def test_if_the_roll_includes_a_nazgul_you_must_set_it_aside():
    state = table(roll(yellow="R", red="G", blue="N", green="O", black="F"))
    refused(state, "keep R", ONE_NAZGUL)
    refused(state, "keep R G F O", ONE_NAZGUL)
    assert all(any(f == "N" for _, f in keep.dice) for keep in state.legal_actions())


def test_with_several_nazgul_showing_you_set_aside_exactly_1_of_them():
    state = table(roll(yellow="N", red="N", blue="N", green="O", black="R"),
                  roll(yellow="R", blue="G", green="F"))
    refused(state, "keep N:yellow N:red", ONE_PER_SYMBOL)
    refused(state, "keep R", ONE_NAZGUL)
    play(state, "keep N:red R")
    assert state.aside == [(RED, "N"), (BLACK, "R")]
    assert state.roll == [(YELLOW, "R"), (BLUE, "G"), (GREEN, "F")]


def test_the_nazgul_set_aside_may_be_any_one_of_those_showing():
    state = table(roll(yellow="N", red="N", blue="G", green="O", black="N"))
    nazgul_kept = {next(d for d, f in keep.dice if f == "N") for keep in state.legal_actions()}
    assert nazgul_kept == {YELLOW, RED, BLACK}


def test_a_die_that_does_not_show_the_symbol_cannot_be_set_aside():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"))
    refused(state, Keep(((YELLOW, "G"),)), SETTING_ASIDE)
    refused(state, "keep N", "notation")


def test_a_die_already_set_aside_cannot_be_set_aside_again():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(red="G", blue="F", green="O", black="R"))
    play(state, "keep R")
    refused(state, Keep(((YELLOW, "R"),)), SETTING_ASIDE)


def test_the_same_die_named_twice_is_refused():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"))
    refused(state, Keep(((YELLOW, "R"), (YELLOW, "R"))), SETTING_ASIDE)
