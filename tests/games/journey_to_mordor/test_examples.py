"""Examples of Applying Results, played one after the other as the rulebook tells them.

"Player Merry, at the end of their turn, has 1 ring, 1 Gandalf, 1 Fellowship member, 1 orc,
and 1 Nazgûl." Then "Player Sam, at the end of their turn, has 2 Nazgûl, 1 orc, 1 Gandalf,
and 1 ring." Merry is blue and Sam red (Game Setup: each hobbit corresponds to a colour).
"""

from tests.support.positions.journey import (HALF_MARKED, SPLIT_MARKED, WHOLE, play, roll,
                                             step, table)

MERRY, SAM = 0, 1


def merry_and_sam():
    return table(
        # Merry's turn: one roll with five different symbols, all set aside.
        roll(yellow="R", red="G", blue="F", green="O", black="N"),
        # Sam's turn: red and blue Nazgûl showing; exactly one may be set aside per roll.
        roll(yellow="R", red="N", blue="N", green="O", black="G"),
        roll(blue="N"),
        roll(yellow="F", red="F", blue="F", green="F", black="F"),
        players=2, hobbits="merry,sam")


def test_example_merry_fellowship_cancels_the_orc_so_the_ring_applies():
    state = merry_and_sam()
    step(state, "keep R G F O N")
    assert state.ring[MERRY] == 1  # "Merry marks the first space on their Ring-bearer's route"


def test_example_merry_gandalf_splits_and_the_nazgul_crosses_off_only_half():
    state = merry_and_sam()
    step(state, "keep R G F O N")
    assert state.nazgul[MERRY] == [HALF_MARKED] + [WHOLE] * 5
    assert state.unmarked(MERRY) == 6  # "The second half will be marked later"


def test_example_sam_no_fellowship_so_the_ring_has_no_effect():
    state = merry_and_sam()
    play(state, "keep R G F O N", "keep R G O N:red", "keep N")
    assert state.ring[SAM] == 0


def test_example_sam_gandalf_splits_and_the_red_nazgul_marks_half():
    state = merry_and_sam()
    play(state, "keep R G F O N", "keep R G O N:red", "keep N")
    assert state.nazgul[SAM] == [HALF_MARKED] + [WHOLE] * 5


def test_example_sam_the_blue_nazgul_crosses_off_the_second_half_of_merrys_first_space():
    state = merry_and_sam()
    play(state, "keep R G F O N", "keep R G O N:red", "keep N")
    assert state.nazgul[MERRY] == [SPLIT_MARKED] + [WHOLE] * 5
    assert state.active == MERRY and state.round == 2
