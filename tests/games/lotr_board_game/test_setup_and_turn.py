"""Setup, Bag End, Rivendell and the turn on a scenario board (reference: Components,
Route and boards, Play on a scenario board 1-3)."""

import pytest

from tests.support.positions.board import (GAME, PARTS, die, draw, refused, revealed, setup,
                                           step, table, tile, used_all)
from palantir.engine import SeededDice
from palantir.engine.errors import BadOption, IllegalAction
from palantir.games.lotr_board_game.phases import turn


def deal_six(*characters):
    """Bag End's Gandalf step scripted: six cards of one kind for each character."""
    kinds = ("white-hiding", "white-fighting", "white-travelling", "white-friendship",
             "white-joker")
    return [draw(c, kinds[i]) for i, c in enumerate(characters) for _ in range(6)]


@pytest.mark.parametrize("difficulty,space", [("easy", 15), ("normal", 12), ("hard", 10)])
def test_components_difficulty_sauron_starts_on_15_12_or_10(difficulty, space):
    state = GAME.new_state({"players": 2, "difficulty": difficulty}, SeededDice(1))
    assert state.sauron == space or state.sauron == space - 1  # Bag End may move him
    assert state.positions == [0, 0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_components_characters_frodo_and_sam_then_pippin_merry_fatty(players):
    state = GAME.new_state({"players": players}, SeededDice(players))
    assert state.characters == ("frodo", "sam", "pippin", "merry", "fatty")[:players]


def test_components_players_must_be_2_to_5():
    with pytest.raises(BadOption, match="players"):
        GAME.validate_options({"players": 1})
    with pytest.raises(BadOption, match="players"):
        GAME.validate_options({"players": 6})


def test_bag_end_gandalf_each_player_receives_6_hobbit_cards():
    state = table(players=3, board="bag-end", dice=deal_six("frodo", "sam", "pippin"))
    assert [len(h) for h in state.hands] == [6, 6, 6]
    # Preparations: the Ring-bearer (Frodo at the start of the game) is asked first.
    assert state.question == ("give", 0) and state.ring_bearer == 0


def test_bag_end_preparations_ring_bearer_rolls_then_distributes_4_revealed_cards():
    state = table(board="bag-end", dice=deal_six("frodo", "sam") + [die("blank")]
                  + [revealed("white-joker")] * 4)
    step(state, "take")
    assert state.question[0] == "deal" and state.shown == ["white-joker"] * 4
    step(state, "deal sam", "deal sam", "deal frodo", "deal sam")
    assert state.hands[1].count("white-joker") == 3 and state.hands[0].count("white-joker") == 1
    used_all(state)


def test_bag_end_nazgul_appears_one_player_discards_2_hiding_else_eye():
    deal = deal_six("frodo", "sam")
    state = table(board="bag-end", dice=deal)
    step(state, "pass")  # no Preparations
    assert state.question == ("give", 0)
    step(state, "pass", "pass")  # nobody discards: the eye
    assert state.sauron == 11
    state = table(board="bag-end", dice=deal)
    step(state, "pass", "give white-hiding", "give white-hiding")
    assert state.sauron == 12 and state.hands[0].count("white-hiding") == 4
    assert state.discards["white-hiding"] == 2


def test_rivendell_elrond_deals_the_12_cards_from_the_ring_bearer_and_council_passes_left():
    rivendell = sorted(c for c, card in PARTS.cards.items() if card.board == "rivendell")
    seats = ("sam", "frodo") * 6
    state = table(board="rivendell", ring_bearer=1, active=1, hands=[["white-hiding"], ["grey-hiding"]],
                  dice=[("rivendell card", card) for card in rivendell])
    assert len(state.hands[0]) == 7 and len(state.hands[1]) == 7
    # Dealt one at a time from the Ring-bearer (Sam), each card seen by its receiver only.
    dealt = [(roll.face, roll.seen_by) for roll in state.dice.log]
    assert dealt == [(card, ({"frodo": 0, "sam": 1}[seats[i]],)) for i, card in enumerate(rivendell)]
    assert state.board_cards["rivendell"] == []
    assert state.question == ("council", 1)  # the Ring-bearer first
    step(state, "pass grey-hiding", "pass white-hiding")
    # Both chose before either received: each has the other's card.
    assert "white-hiding" in state.hands[1] and "grey-hiding" in state.hands[0]
    assert state.question == ("give", 1)  # Fellowship: each discards a friendship


def test_turn_reveal_tiles_until_an_activity_tile_then_act():
    state = table(board="moria", hands=[["grey-fighting"], []],
                  dice=[tile("ring-bearer-darkness"), tile("travelling")])
    assert state.positions[0] == 1
    assert state.tracks["travelling"] == 1 and state.runes[0] == 1  # its reward: a rune
    assert state.question == ("act", 0)
    used_all(state)


def test_turn_event_tile_advances_the_event_marker_and_resolves_it():
    state = table(board="moria", dice=[tile("event")])
    assert state.event == 1 and state.question == ("give", 0)
    step(state, "pass", "pass")  # Speak Friend and Enter refused: the eye
    assert state.sauron == 11


def test_turn_activity_tile_of_a_missing_track_advances_any_unfinished_track():
    state = table(board="moria", dice=[tile("friendship")])
    assert state.question == ("track", 0)
    assert state.legal_actions() == ["track fighting", "track hiding", "track travelling"]
    step(state, "track hiding")
    assert state.tracks["hiding"] == 1 and state.hands[0] == ["book"]


def test_turn_draw_2_hobbit_cards_ends_the_turn_and_passes_clockwise():
    state = table(board="moria", dice=[tile("fighting"), draw("frodo", "grey-hiding"),
                                       draw("frodo", "white-joker"), tile("hiding")])
    step(state, "draw")
    assert state.hands[0] == ["grey-hiding", "white-joker"]
    assert state.active == 1 and state.question == ("act", 1)
    used_all(state)


def test_turn_heal_1_and_none_at_0():
    state = table(board="moria", dice=[tile("fighting")], positions=[3, 0])
    step(state, "heal")
    assert state.positions[0] == 2
    state = table(board="moria", dice=[tile("fighting")])
    err = refused(state, "heal")
    assert "at 0" in str(err) and err.rule.startswith("Play 3: heal")


def test_turn_the_active_player_decides_only_when_asked():
    state = table(board="moria", dice=[tile("fighting")])
    with pytest.raises(IllegalAction):
        state.apply("pass")
    assert state.question == ("act", 0)


def test_each_refusal_names_its_rule_directly_with_its_message_unchanged():
    # Issue 11: the rule of a refusal was found by matching its message's text; now each
    # branch names it (the question's own rule, its QuestionKind's, or the turn's action's).
    def rule_of(state, decision):
        return refused(state, decision).rule
    hands = [["grey-hiding", "white-hiding", "white-fighting", "grey-fighting"], []]
    state = table(board="moria", dice=[tile("fighting")], hands=hands)
    assert state.question == ("act", 0)
    assert rule_of(state, "heal") == turn.HEAL
    assert rule_of(state, "ring nowhere") == turn.RING
    assert rule_of(state, "play nothing@hiding") == turn.TURN
    assert rule_of(state, "play grey-hiding@nowhere") == turn.PLAY_TRACK
    assert rule_of(state, "play grey-hiding@fighting") == turn.PLAY_TRACK
    assert rule_of(state, "play white-hiding@hiding white-fighting@fighting") == \
        turn.PLAY_COLOURS
    assert rule_of(state, "play white-hiding@hiding grey-fighting@fighting "
                   "grey-hiding@hiding") == turn.PLAY_COUNT
    assert rule_of(state, "pass") == turn.TURN
    state = setup(state, ring_used=True)
    assert rule_of(state, "ring hiding") == turn.RING
    state = table(board="moria", dice=[tile("friendship")])
    assert state.question == ("track", 0)
    assert rule_of(state, "draw") == turn.QUESTIONS["track"].rule == turn.ACTIVITY
