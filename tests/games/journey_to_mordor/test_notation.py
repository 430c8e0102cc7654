"""The notation of decisions (notation.py, docs/journey-to-mordor.md): `keep` with symbol
letters and, where a symbol shows on several dice, the die's colour; `stop` for the White
Tree; `reroll` in Rohan; `advance N` in the location version."""

import pytest
from tests.support.positions.journey import BLACK, BLUE, GREEN, RED, YELLOW, refused, roll, table

from palantir.engine import BadNotation, IllegalAction
from palantir.games.journey_to_mordor.notation import REROLL, Advance, Keep, keep_text

NAMES = ("yellow", "red", "blue", "green", "black")


def test_canonical_keep_names_symbols_in_the_order_r_g_f_o_n_t():
    state = table(roll(yellow="N", red="O", blue="F", green="G", black="R"))
    keep = Keep(tuple(state.roll), tuple(state.roll), NAMES)
    assert str(keep) == "keep R G F O N"


def test_canonical_keep_adds_the_colour_only_when_the_symbol_shows_on_several_dice():
    state = table(roll(yellow="R", red="R", blue="F", green="O", black="N"))
    texts = {str(k) for k in state.legal_actions()}
    assert "keep R:yellow N" in texts and "keep R:red N" in texts
    assert "keep F N" in texts
    assert not any(t.startswith("keep R N") for t in texts)


def test_canonical_keep_of_every_die_showing_a_symbol_needs_no_colour():
    roll_ = ((YELLOW, "R"), (RED, "R"), (BLUE, "R"), (GREEN, "F"), (BLACK, "F"))
    assert keep_text(((YELLOW, "R"), (RED, "R"), (BLUE, "R")), roll_, NAMES) == "keep R R R"
    assert keep_text(((YELLOW, "R"), (BLUE, "R")), roll_, NAMES) == "keep R:yellow R:blue"


def test_every_legal_decision_reads_back_from_its_own_text():
    state = table(roll(yellow="N", red="N", blue="R", green="R", black="T"))
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["keep R N:yellow", "KEEP r n:YELLOW", "keep n:y r",
                                  "R N:yellow", "keep R, N:yellow", "  keep   r   n:Yellow "])
def test_parse_is_case_insensitive_takes_colour_abbreviations_and_an_optional_verb(text):
    state = table(roll(yellow="N", red="N", blue="R", green="O", black="T"))
    assert state.parse_action(text) == Keep(((YELLOW, "N"), (BLUE, "R")))


def test_parse_black_die_abbreviation_is_k():
    state = table(roll(yellow="N", red="G", blue="R", green="O", black="N"))
    assert state.parse_action("keep N:k") == Keep(((BLACK, "N"),))


def test_stop_adds_the_white_tree():
    state = table(roll(yellow="N", red="G", blue="R", green="O", black="T"))
    assert state.parse_action("stop N") == state.parse_action("keep N T")
    assert state.parse_action("stop N T") == state.parse_action("keep N T")
    assert state.parse_action("stop n t") == state.parse_action("keep N T")
    assert state.parse_action("stop N T:black") == state.parse_action("keep N T")
    assert state.parse_action("stop N t:k") == state.parse_action("keep N T")


def test_stop_without_a_white_tree_showing_is_a_clear_error():
    state = table(roll(yellow="N", red="G", blue="R", green="O", black="R"))
    with pytest.raises(BadNotation) as caught:
        state.parse_action("stop N")
    assert "T named but 0 showing" in str(caught.value)


def test_reroll_and_advance_parse():
    state = table(roll(yellow="N", red="G", blue="R", green="O", black="T"))
    assert state.parse_action("reroll") == REROLL and str(REROLL) == "reroll"
    assert state.parse_action("Advance 2") == Advance(2) and str(Advance(2)) == "advance 2"


def test_ambiguous_symbol_asks_which_colour():
    state = table(roll(yellow="R", red="R", blue="F", green="O", black="N"))
    with pytest.raises(BadNotation) as caught:
        state.parse_action("keep R N")
    assert "say which: R:yellow or R:red" in str(caught.value)
    assert caught.value.rule == "notation" and caught.value.action == "keep R N"


@pytest.mark.parametrize("text, words", [
    ("", "empty decision"),
    ("   ", "empty decision"),
    ("keep", "name at least one die"),
    ("keep X", "'X' is not a die symbol"),
    ("keep R:purple", "no die is purple"),
    ("keep R:black", "the black die does not show R"),
    ("keep N:yellow N:yellow", "named twice"),
    ("keep F F", "2 × F named but 1 showing"),
    ("keep G", "1 × G named but 0 showing"),
    ("advance", "takes a number"),
    ("advance two", "takes a number"),
    ("advance -1", "takes a number"),
    ("advance 1 2", "takes a number"),
    ("reroll now", "'reroll' stands alone"),
])
def test_bad_notation_gives_a_clear_message(text, words):
    state = table(roll(yellow="N", red="R", blue="F", green="O", black="N"))
    with pytest.raises(BadNotation) as caught:
        state.parse_action(text)
    assert words in str(caught.value)


def test_bad_notation_is_an_illegal_action_and_changes_nothing():
    state = table(roll(yellow="N", red="R", blue="F", green="O", black="N"))
    error = refused(state, "keep Q", "notation")
    assert isinstance(error, IllegalAction)


def test_keep_in_the_advance_phase_says_what_to_do():
    state = table(roll(yellow="R", red="G", blue="F", green="O", black="T"), locations=True)
    state.apply("keep R G F O T")
    with pytest.raises(IllegalAction) as caught:
        state.parse_action("keep R")
    assert "choose 'advance 0' to 'advance 1'" in str(caught.value)
