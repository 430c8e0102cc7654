"""White Tree: "If the player sets aside the White Tree, the turn ends early and the results
are applied immediately. If the same roll includes one or more Nazgûl, they must also be set
aside as usual. ... Dice that have not been set aside (e.g. orcs or other Nazgûl) do not
count. Note: the White Tree is found only on the black die."
"""

from tests.support.positions.journey import (BLACK, BLUE, GAME, MARKED, RED, WHOLE, YELLOW,
                                             play, refused, roll, table)

from palantir.games.journey_to_mordor.rules import ONE_NAZGUL, ONE_PER_SYMBOL, ROLLING

PIPPIN = 3  # four players: Frodo, Sam, Merry, Pippin; Pippin's die is green
PIPPINS_ROLL = roll(yellow="R", red="R", blue="O", green="N", black="T")
NEXT_TURN = roll(yellow="G", red="G", blue="G", green="G", black="G")


def pippins_table(*more):
    return table(PIPPINS_ROLL, *more, players=4, active=PIPPIN)


def test_white_tree_example_pippin_stops_with_ring_nazgul_and_tree():
    state = pippins_table(NEXT_TURN)
    play(state, "keep R:yellow N T")
    assert state.ring[PIPPIN] == 1                      # the ring set aside counts
    assert state.nazgul[PIPPIN][:2] == [MARKED, WHOLE]  # his own green Nazgûl
    assert state.active == 0 and state.round == 2       # the turn ended at once


def test_white_tree_example_the_orc_not_set_aside_does_not_count():
    # Pippin left the orc (and the second ring) on the table: the ring still counts.
    state = pippins_table(NEXT_TURN)
    play(state, "keep R:red N T")
    assert state.ring[PIPPIN] == 1
    assert ("white_tree", ((YELLOW, "R"), (BLUE, "O"))) in state.news


def test_white_tree_example_pippin_cannot_set_aside_the_second_ring():
    state = pippins_table()
    refused(state, "keep R R N T", ONE_PER_SYMBOL)


def test_white_tree_example_the_nazgul_must_be_set_aside_with_the_tree():
    state = pippins_table()
    refused(state, "keep T", ONE_NAZGUL)
    refused(state, "keep R:yellow T", ONE_NAZGUL)


def test_white_tree_example_pippin_could_set_aside_ring_and_nazgul_and_keep_rolling():
    state = pippins_table(roll(red="O", blue="F", black="R"))
    play(state, "keep R:yellow N")
    assert state.phase == ROLLING and state.active == PIPPIN
    assert state.roll == [(RED, "O"), (BLUE, "F"), (BLACK, "R")]  # the tree is rolled again


def test_stop_is_the_white_tree_spelled_as_a_verb():
    state = pippins_table(NEXT_TURN)
    assert state.parse_action("stop R:yellow N") == state.parse_action("keep R:yellow N T")
    play(state, "stop R:yellow N")
    assert state.ring[PIPPIN] == 1 and state.active == 0


def test_white_tree_earlier_orcs_left_on_the_table_do_not_cancel_rings_set_aside():
    state = table(roll(yellow="R", red="O", blue="O", green="O", black="G"),
                  roll(red="O", blue="O", green="O", black="T"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"))
    play(state, "keep R", "keep T")
    assert state.ring[0] == 1


def test_white_tree_other_nazgul_not_set_aside_do_not_count():
    # Frodo (yellow) and Sam (red): Sam's Nazgûl stays on the table and does not hit him.
    state = table(roll(yellow="N", red="N", blue="O", green="R", black="T"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"))
    play(state, "keep N:yellow T")
    assert state.nazgul[0][0] == MARKED
    assert state.nazgul[1][0] == WHOLE


def test_white_tree_set_aside_with_several_other_symbols():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"))
    play(state, "keep R G F O T")
    assert state.ring[0] == 1          # one Fellowship member counters the one orc
    assert state.nazgul[0][0] != WHOLE  # Gandalf split the first square


def test_white_tree_as_the_last_die_ends_the_turn_as_usual():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="G"),
                  roll(black="T"),
                  roll(yellow="G", red="G", blue="G", green="G", black="G"))
    play(state, "keep R G:red F O", "keep T")
    assert state.ring[0] == 1 and state.active == 1


def test_the_white_tree_is_found_only_on_the_black_die():
    parts = GAME.components_for(GAME.validate_options({}))
    assert "T" in parts.black_faces
    assert "T" not in parts.coloured_faces
    for die in range(len(parts.die_names)):
        assert ("T" in parts.faces_of(die)) == (die == BLACK)
