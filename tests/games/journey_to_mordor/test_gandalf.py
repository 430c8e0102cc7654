"""Gandalf: "For each Gandalf die that is among the set-aside dice at the end of the turn,
the active player may split 1 space on their Nazgûl route ... they may split the spaces
first and then mark those halves with the Nazgûl they have set aside. If a player has
already split all the spaces on the Nazgûl route, Gandalf results have no effect for them.
The final Mordor space on the Nazgûl route may also be split. Spaces that have already been
split cannot be split again."
"""

from tests.support.positions.journey import (HALF_MARKED, MARKED, SPLIT, SPLIT_MARKED, WHOLE,
                                             fellowship, finish_turn, play, roll, route, step,
                                             table)

NEXT_TURN = roll(yellow="G", red="G", blue="G", green="G", black="G")


def gandalf_turn(frodo_route, *, nazgul=False, gandalfs=1, players=2, **kw):
    """Frodo sets aside `gandalfs` Gandalf dice (and the black Nazgûl), the rest Fellowship."""
    first = {"yellow": "G", "red": "F", "blue": "F", "green": "F",
             "black": "N" if nazgul else "F"}
    dice = ["yellow", "red", "blue", "green", "black"]
    rolls = [roll(**first)]
    keeps = ["keep G N" if nazgul else "keep G"]
    left = dice[1:-1] + ([] if nazgul else ["black"])
    for _ in range(gandalfs - 1):
        rolls.append(roll(**{d: ("G" if i == 0 else "F") for i, d in enumerate(left)}))
        keeps.append("keep G")
        left = left[1:]
    state = table(*rolls, *fellowship(*left), NEXT_TURN, players=players,
                  nazgul={0: frodo_route}, **kw)
    step(state, *keeps)
    finish_turn(state)
    assert state.dice.remaining() == 0 and state.active == 1
    return state


def test_gandalf_splits_a_square_and_lengthens_the_route():
    state = gandalf_turn("......")
    assert state.nazgul[0] == [SPLIT] + [WHOLE] * 5
    assert state.unmarked(0) == 7


def test_gandalf_splits_first_then_the_nazgul_marks_one_half():
    state = gandalf_turn("......", nazgul=True)
    assert state.nazgul[0] == [HALF_MARKED] + [WHOLE] * 5


def test_gandalf_first_even_when_the_nazgul_was_set_aside_on_an_earlier_roll():
    state = table(roll(yellow="G", red="F", blue="F", green="F", black="N"),
                  roll(yellow="G", red="F", blue="F", green="F"),
                  *fellowship("red", "blue", "green"), NEXT_TURN)
    step(state, "keep N", "keep G")
    finish_turn(state)
    assert state.nazgul[0] == [HALF_MARKED] + [WHOLE] * 5


def test_gandalf_example_sam_splits_the_next_space_after_the_one_merry_marked():
    # Merry's red Nazgûl marked Sam's first space; Sam then has 1 Gandalf and 1 Nazgûl.
    state = table(roll(yellow="F", red="N", blue="F", green="F", black="F"),
                  *fellowship("yellow", "blue", "green", "black"),
                  roll(yellow="F", red="N", blue="F", green="F", black="G"),
                  *fellowship("yellow", "blue", "green"),
                  NEXT_TURN, players=2, hobbits="merry,sam")
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[1][:2] == [MARKED, WHOLE]
    state.apply("keep G N")
    finish_turn(state)
    assert state.nazgul[1] == [MARKED, HALF_MARKED] + [WHOLE] * 4
    assert state.dice.remaining() == 0


def test_gandalf_skips_marked_and_half_marked_squares():
    state = gandalf_turn("xh....")
    assert state.nazgul[0] == route("xhs...")


def test_gandalf_a_later_nazgul_marks_the_second_half_first():
    state = gandalf_turn("xh....", nazgul=True)
    assert state.nazgul[0] == route("xXs...")


def test_gandalf_two_gandalfs_split_two_squares():
    state = gandalf_turn("x.....", gandalfs=2)
    assert state.nazgul[0] == route("xss...")


def test_gandalf_the_final_mordor_square_may_also_be_split():
    state = gandalf_turn("xxxxx.")
    assert state.nazgul[0] == route("xxxxxs")
    assert not state.eliminated[0]


def test_gandalf_splitting_mordor_first_saves_the_player_from_the_nazgul():
    state = gandalf_turn("xxxxx.", nazgul=True)
    assert state.nazgul[0] == route("xxxxxh")
    assert not state.eliminated[0]


def test_gandalf_spaces_already_split_cannot_be_split_again():
    state = gandalf_turn("ssssss")
    assert state.nazgul[0] == route("ssssss")
    assert ("no_split", 0) in state.news and state.unmarked(0) == 12


def test_gandalf_has_no_effect_once_every_space_is_split_or_marked():
    for before in ("ssssss", "xXhsss", "xxxxxh", "XXXXXs"):
        state = gandalf_turn(before)
        assert state.nazgul[0] == route(before)
    state = gandalf_turn("ssssss", nazgul=True)
    assert state.nazgul[0] == route("hsssss")


def test_gandalf_helps_only_the_active_player():
    state = gandalf_turn("......", players=2)
    assert state.nazgul[1] == [WHOLE] * 6


def test_gandalf_a_split_square_needs_two_nazgul_to_be_crossed_off():
    state = table(roll(yellow="N", red="F", blue="F", green="F", black="F"),
                  *fellowship("red", "blue", "green", "black"), NEXT_TURN,
                  nazgul={0: "hsssss"})
    state.apply("keep N")
    finish_turn(state)
    assert state.nazgul[0] == [SPLIT_MARKED] + [SPLIT] * 5
    play(state)
