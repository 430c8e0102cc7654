"""Group decisions: who pays what, asked in turn order, the choice recorded (reference:
Play 2, the events of each board; the issue's "asks them in order")."""

import pytest

from tests.support.positions.board import (PARTS, die, draw, more, refused, revealed, setup,
                                           step, table, tile, used_all)
from palantir.engine.errors import IllegalAction
from palantir.engine.procedure import Stack
from palantir.games.lotr_board_game.components import EFFECTS as VERBS
from palantir.games.lotr_board_game.phases.table import EFFECTS
from palantir.games.lotr_board_game.phases.effects import (carry_out, effect_procedure,
                                                           registry_of)
from palantir.games.lotr_board_game.phases.sauron_effects import SAURON_EFFECTS


def test_group_cost_asked_in_turn_order_from_the_active_player_and_paid_together():
    # Moria 1, Speak Friend and Enter: the group discards a friendship and a joker.
    state = table(players=3, board="moria", active=1, ring_bearer=1,
                  hands=[["white-joker"], ["grey-friendship"], []], dice=[tile("event")])
    assert state.question == ("give", 1)
    assert state.legal_actions() == ["give grey-friendship", "pass"]
    step(state, "give grey-friendship")
    assert state.question == ("give", 1)  # he may give more
    step(state, "pass")
    assert state.question == ("give", 2) and state.legal_actions() == ["pass"]
    step(state, "pass", "give white-joker")
    assert state.sauron == 12 and state.hands == [[], [], []]
    assert state.discards["white-joker"] == 1 and state.discards["grey-friendship"] == 1


def test_group_cost_refused_returns_the_offers_and_the_otherwise_follows():
    state = table(board="moria", hands=[["white-joker"], ["grey-friendship"]],
                  dice=[tile("event")])
    step(state, "give white-joker", "pass", "pass")
    assert state.hands == [["white-joker"], ["grey-friendship"]]
    assert state.sauron == 11  # the eye


def test_group_cost_only_useful_gifts_are_offered():
    state = table(board="moria", hands=[["grey-hiding", "white-joker"], []],
                  dice=[tile("event")])
    # Frodo's white joker counts; a hiding symbol pays neither a friendship nor a joker.
    assert state.legal_actions() == ["give white-joker", "pass"]
    with pytest.raises(IllegalAction, match="not a decision open"):
        state.apply("give grey-hiding")


def test_each_cost_moria_2_watcher_each_player_discards_a_hiding_else_rolls():
    state = table(board="moria", hands=[["grey-hiding"], []],
                  dice=[tile("event"), tile("event")])
    step(state, "pass", "pass")  # event 1 refused: eye
    more(state, die("darkness-2"))
    assert state.event == 2 and state.question == ("give", 0)
    step(state, "give grey-hiding")
    assert state.question == ("give", 1) and state.legal_actions() == ["pass"]
    step(state, "pass")
    assert state.positions == [0, 1]  # Sam: no more than one damage


def all_tokens():
    return [{"ring": 1, "heart": 1, "sun": 1} for _ in range(2)]


def test_one_cost_moria_6_fly_you_fools_one_player_takes_three_darkness():
    state = table(board="moria", dice=[tile("event")], event=5, life=all_tokens())
    assert state.event == 6 and state.legal_actions() == ["take", "pass"]
    step(state, "pass", "take")
    assert state.positions == [0, 3]


def test_one_cost_refused_by_all_each_player_rolls():
    state = table(board="moria", dice=[tile("event"), die("eye"), die("darkness-1")], event=5,
                  life=all_tokens())
    step(state, "pass", "pass")
    assert state.sauron == 11 and state.positions == [0, 1]  # Frodo: eye; Sam: one dot


def test_moria_3_stone_in_the_well_reveal_a_card_match_two_for_the_pipe():
    state = table(board="moria", hands=[["grey-hiding", "white-hiding"], []],
                  dice=[tile("event"), revealed("white-hiding")], event=2)
    assert state.question == ("give", 0)
    step(state, "give grey-hiding", "give white-hiding")
    assert state.hands[0] == ["pipe"] and state.event == 3
    used_all(state)


def test_moria_3_stone_in_the_well_refused_eye_and_the_next_event():
    state = table(board="moria", dice=[tile("event"), revealed("white-hiding")], event=2)
    step(state, "pass")
    assert state.sauron == 9 and state.event == 4  # Trapped! follows at once: eye, eye


def test_moria_4_trapped_travelling_and_hiding_complete_else_eye_eye_and_ring_bearer_rolls():
    state = table(board="moria", dice=[tile("event"), die("blank")], event=3)
    assert state.sauron == 10 and state.event == 4
    used_all(state)
    state = table(board="moria", dice=[tile("event"), tile("fighting")], event=3,
                  tracks={"fighting": 0, "hiding": 7, "travelling": 7})
    assert state.sauron == 12 and state.event == 4


def test_last_event_ends_the_scenario_play_5():
    state = table(board="moria", dice=[tile("event"), die("blank"), die("blank"),
                                       draw("sam", "white-joker"), draw("sam", "grey-hiding")],
                  event=5)
    step(state, "pass", "pass")  # nobody takes Fly, You Fools!: each rolls, then the end
    assert state.positions == [3, 3]  # no life token of any kind: 3 into darkness each
    # No rings at all: the Ring-bearer loses the tie; the new one draws 2.
    assert state.ring_bearer == 1 and state.hands[1] == ["grey-hiding", "white-joker"]
    assert state.board.id == "lothlorien"


def test_mordor_6_the_ring_is_mine_loses_the_game():
    state = table(board="mordor", dice=[tile("event")], event=5)
    assert state.result == "lost" and "The Ring is Mine!" in state.lost_because
    assert state.outcome().details["score"] == 50
    assert state.outcome().details["fellowship_won"] is False


def test_darkness_tile_one_player_two_darkness_or_sauron():
    state = table(board="moria", dice=[tile("one-darkness-2-or-sauron")])
    step(state, "take")
    assert state.positions == [2, 0]


def test_items_tile_group_discards_three_cards_or_next_event():
    state = table(board="moria", hands=[["white-joker", "grey-hiding"], ["grey-fighting"]],
                  dice=[tile("three-cards-or-event")])
    step(state, "give grey-hiding", "give white-joker", "pass", "give grey-fighting")
    assert state.hands == [[], []] and state.event == 0


def test_refused_gift_leaves_the_state_unchanged():
    state = table(board="moria", hands=[["white-joker"], []], dice=[tile("event")])
    assert "you hold no white-hiding" in str(refused(state, "give white-hiding"))


# ----- the effects as a table of procedures of the engine's kernel (issue 11): every verb
# the data files may use has one, each names its rule and is JSON.

def test_every_verb_of_the_data_files_has_an_effect_procedure_naming_its_rule():
    # gandalf-call is the rules' own (a Gandalf card paid for), never written in the data.
    assert set(EFFECTS) == set(VERBS) | {"gandalf-call"}
    assert all(cls.rule for cls in EFFECTS.values())
    assert {cls.name for cls in SAURON_EFFECTS} == {"black-rider", "call-sauron",
                                                    "darkness-if-fewer-cards", "sauron-draws"}


def test_every_effect_of_every_card_board_and_tile_reads_back_from_json():
    registry = registry_of(EFFECTS)
    effects = [e for card in PARTS.cards.values() for e in card.then]
    for board in PARTS.boards.values():
        for res in list(board.events) + list(board.steps):
            effects += list(res.then) + list(res.otherwise)
    assert len(effects) > 20
    for effect in effects:
        procedure = effect_procedure(EFFECTS, effect, 1)
        again = Stack.from_json(Stack([procedure]).to_json(), registry).top()
        assert again.to_json() == procedure.to_json() and again.payer == 1


def test_an_effect_is_done_at_once_leaving_the_steps_it_asks_for():
    state = table(board="moria", hands=[["white-joker"], ["white-hiding"]], run=False)
    state = setup(state, queue=[])
    carry_out(EFFECTS, state, ("discard", 1, "each"), None)
    assert state.queue == [("discard", 0, 1), ("discard", 1, 1)]
    carry_out(EFFECTS, state, ("darkness", 2, "payer"), 1)
    assert state.positions == [0, 2]
