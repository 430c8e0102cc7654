"""The threat die, the Temptation track, the Ring, the end of a scenario, Mount Doom and
the score (reference: Components, Play 5-9)."""

import pytest

from tests.support.positions.board import (die, draw, refused, run, setup, step, table, tile,
                                           used_all)
from palantir.engine.errors import IllegalAction


@pytest.mark.parametrize("face,position,sauron,cards", [
    ("blank", 0, 12, 3), ("eye", 0, 11, 3), ("darkness-1", 1, 12, 3),
    ("darkness-3", 3, 12, 3), ("discard-2", 0, 12, 1)])
def test_components_threat_die_faces(face, position, sauron, cards):
    state = table(board="moria", hands=[["grey-hiding", "white-joker", "gimli"], []],
                  dice=[die(face), tile("fighting")], run=False)
    state.push(("roll", 0))
    state.run()
    if state.question and state.question[0] == "discard":
        step(state, "discard gimli", "discard grey-hiding")
    assert (state.positions[0], state.sauron, len(state.hands[0])) == (position, sauron, cards)


def test_characters_sam_suffers_no_more_than_one_damage_per_roll():
    state = table(board="moria", dice=[die("darkness-3"), tile("fighting")], run=False)
    state.push(("roll", 1))
    state.run()
    assert state.positions == [0, 1]


def test_temptation_a_hobbit_on_sauron_s_space_is_eliminated_and_his_cards_discarded():
    state = table(players=3, board="moria", hands=[[], ["white-joker", "gimli"], []],
                  positions=[0, 11, 0], dice=[tile("ring-bearer-darkness"), tile("fighting")],
                  run=False)
    state.push(("effect", ("darkness", 1, "payer"), 1))
    state.run()
    assert state.eliminated == [False, True, False] and state.hands[1] == []
    assert state.discards["white-joker"] == 1 and "gimli" in state.removed
    assert state.result is None


def test_temptation_sauron_reaching_the_ring_bearer_loses_the_game():
    state = table(board="moria", positions=[11, 0], dice=[die("eye")], run=False)
    state.push(("roll", 1))
    state.run()
    assert state.result == "lost" and "Ring-bearer" in state.lost_because
    assert state.outcome().winners == () and state.outcome().details["score"] == 10


def test_play_6_ring_moves_a_track_4_minus_the_symbols_rolled_without_rewards():
    state = table(board="moria", dice=[tile("hiding"), die("darkness-1")])
    step(state, "ring travelling")
    assert state.positions[0] == 1 and state.tracks["travelling"] == 3
    assert state.runes[0] == 0 and state.life[0]["sun"] == 0  # skipped spaces give nothing
    assert state.question == ("act", 0) and not any(a.startswith("ring")
                                                    for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="used in this scenario") as err:
        state.apply("ring hiding")
    assert err.value.rule.startswith("Play 6")


def test_play_6_only_the_ring_bearer_puts_on_the_ring():
    state = table(board="moria", dice=[tile("hiding"), draw("frodo", "white-joker"),
                                       draw("frodo", "white-joker"), tile("hiding")])
    step(state, "draw")
    assert state.active == 1
    assert "only the Ring-bearer" in str(refused(state, "ring fighting"))


def test_play_5_scenario_end_missing_life_tokens_merry_needs_two_types():
    life = [{"ring": 1, "heart": 0, "sun": 0}, {"ring": 2, "heart": 1, "sun": 1},
            {"ring": 0, "heart": 0, "sun": 0}, {"ring": 0, "heart": 1, "sun": 1}]
    state = table(players=4, board="moria", life=life, run=False,
                  dice=[draw("sam", "white-joker"), draw("sam", "white-joker")])
    state = setup(state, queue=[("scenario-end",)])
    run(state)
    # Frodo lacks 2 types, Sam none, Pippin 3, Merry (needs 2) none.
    assert state.positions == [2, 0, 3, 0]
    assert state.ring_bearer == 1 and len(state.hands[1]) == 2
    assert all(sum(x.values()) == 0 for x in state.life)  # life tokens are returned


def test_play_5_new_ring_bearer_ties_go_clockwise_from_the_ring_bearer_who_loses_ties():
    life = [{"ring": 2, "heart": 1, "sun": 1}, {"ring": 1, "heart": 1, "sun": 1},
            {"ring": 2, "heart": 1, "sun": 1}, {"ring": 2, "heart": 1, "sun": 1}]
    state = table(players=4, board="moria", life=life, ring_bearer=1, run=False,
                  dice=[draw("pippin", "white-joker")] * 2)
    state = setup(state, life=[life[0], {**life[1], "ring": 2}, *life[2:]])
    state = setup(state, queue=[("scenario-end",)])
    run(state)
    assert state.ring_bearer == 2  # Frodo, Pippin, Merry tie with Sam: Pippin is next


def test_characters_fatty_draws_2_after_each_scenario():
    life = [{"ring": 1, "heart": 1, "sun": 1} for _ in range(5)]
    life[0]["ring"] = 2
    state = table(players=5, board="moria", life=life, run=False,
                  dice=[draw("frodo", "white-joker")] * 2 + [draw("fatty", "grey-hiding")] * 2)
    state = setup(state, queue=[("scenario-end",)])
    run(state)
    assert state.hands[4] == ["grey-hiding", "grey-hiding"] and len(state.hands[0]) == 2
    used_all(state)


def test_play_8_mount_doom_the_first_hobbit_still_in_the_game_destroys_the_ring():
    state = table(board="mordor", hands=[["white-travelling"], []], runes=[0, 3],
                  dice=[tile("hiding"), die("blank"), die("darkness-3"), die("darkness-1")],
                  positions=[9, 10], sauron=12)
    state = setup(state, tracks={"travelling": 13})
    step(state, "play white-travelling@travelling")  # the Crack of Doom: roll + rune
    assert state.ring_bearer is None
    # Frodo falls to his roll; Sam (one damage at most) survives his and destroys the Ring.
    assert state.result == "won" and state.eliminated == [True, False]
    assert state.positions == [12, 11]
    # Score 9: 60 plus the runes of the surviving hobbits only.
    assert state.outcome().details["score"] == 60 + 3
    assert state.outcome().winners == (0, 1)
    used_all(state)


def test_play_8_mount_doom_all_fall_the_game_is_lost():
    state = table(board="mordor", hands=[["white-travelling"], []],
                  dice=[tile("hiding"), die("blank"), die("darkness-3"), die("darkness-3")],
                  positions=[9, 11], sauron=12)
    state = setup(state, tracks={"travelling": 13})
    step(state, "play white-travelling@travelling")
    assert state.result == "lost" and state.outcome().details["score"] == 60


def test_score_9_a_loss_scores_the_main_track_space_reached():
    state = table(board="helms-deep", positions=[11, 0], dice=[die("eye")], run=False)
    state = setup(state, tracks={"fighting": 4})
    state.push(("roll", 0))
    state.run()
    assert state.outcome().details["score"] == 34
