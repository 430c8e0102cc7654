"""Ring, Orcs and Fellowship Member.

"For each ring found among the dice set aside at the end of the turn, the active player may
mark 1 round space. ... If there is an orc among the set-aside dice, all rings set aside by
the active player are rendered useless unless the orcs are countered by Fellowship members.
Each Fellowship member protects against 1 orc. If the number of orcs is greater than the
number of Fellowship members, the rings are ignored. If the number of orcs is equal to or
less than the Fellowship members, the orcs are countered and all the rings apply."
"""

import pytest
from tests.support.positions.journey import WHOLE, play, roll, table

from palantir.games.journey_to_mordor.rules import effective_rings

NEXT_TURN = roll(yellow="G", red="G", blue="G", green="G", black="G")


def test_ring_example_frodo_with_one_ring_marks_one_space():
    state = table(roll(yellow="R", red="G", blue="G", green="G", black="G"),
                  roll(red="G", blue="G", green="G", black="G"),
                  roll(red="G", blue="G", green="G"),
                  roll(red="G", blue="G"),
                  roll(red="G"),
                  NEXT_TURN)
    play(state, "keep R", "keep G:black", "keep G:green", "keep G:blue", "keep G")
    assert state.ring[0] == 1


def test_ring_with_two_rings_they_could_mark_two_spaces():
    state = table(roll(yellow="R", red="F", blue="F", green="F", black="F"),
                  roll(red="R", blue="F", green="F", black="F"),
                  roll(blue="F", green="F", black="F"),
                  roll(green="F", black="F"),
                  roll(black="F"),
                  NEXT_TURN)
    play(state, "keep R", "keep R", "keep F:blue", "keep F:green", "keep F")
    assert state.ring[0] == 2


def test_ring_note_an_orc_among_the_set_aside_dice_cancels_every_ring():
    state = table(roll(yellow="R", red="O", blue="G", green="G", black="G"),
                  roll(blue="R", green="G", black="G"),
                  roll(green="G", black="G"),
                  roll(black="G"),
                  NEXT_TURN)
    play(state, "keep R O", "keep R", "keep G:green", "keep G")
    assert state.ring[0] == 0


def test_fellowship_member_counters_one_orc_and_all_rings_apply():
    state = table(roll(yellow="R", red="O", blue="F", green="R", black="G"),
                  roll(green="R", black="G"),
                  roll(black="G"),
                  NEXT_TURN)
    play(state, "keep R:yellow O F", "keep R", "keep G")
    assert state.ring[0] == 2


def test_more_orcs_than_fellowship_members_the_rings_are_ignored():
    state = table(roll(yellow="R", red="O", blue="F", green="G", black="G"),
                  roll(green="O", black="G"),
                  roll(black="G"),
                  NEXT_TURN)
    play(state, "keep R O F", "keep O", "keep G")
    assert state.ring[0] == 0


def test_fellowship_members_alone_have_no_other_effect():
    state = table(roll(yellow="F", red="G", blue="G", green="G", black="G"),
                  roll(red="F", blue="F", green="F", black="F"),
                  roll(blue="F", green="F", black="F"),
                  roll(green="F", black="F"),
                  roll(black="F"),
                  NEXT_TURN)
    play(state, "keep F", "keep F:red", "keep F:blue", "keep F:green", "keep F")
    assert state.ring == [0, 0]
    assert state.nazgul[0] == [WHOLE] * 6


@pytest.mark.parametrize("faces, rings", [
    ("R", 1), ("RR", 2), ("RRR", 3),
    ("RO", 0), ("RRO", 0),                 # an orc cancels all rings
    ("ROF", 1), ("RROF", 2),               # equal: countered
    ("ROFF", 1),                           # fewer orcs than members: countered
    ("ROOF", 0), ("RROOF", 0),             # more orcs than members: ignored
    ("ROOFF", 1), ("F", 0), ("O", 0), ("", 0),
])
def test_orcs_and_fellowship_members_decide_how_many_rings_count(faces, rings):
    assert effective_rings(list(faces), None) == rings
