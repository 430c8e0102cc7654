"""The Fight phase and the end of the game (manual sections cited)."""

import math

import pytest

from palantir.engine.errors import IllegalAction
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord, replay
from palantir.games.strategy_battle import StrategyBattle

from tests.support import refused

from tests.support.positions.sbg import ORC, ROHAN, battle, fight, rolls

R = 12.5 / 25.4
D = 2 * R                       # centre distance of two touching 25mm bases
MINAS_TIRITH = "Warrior of Minas Tirith"
URUK = "Mordor Uruk-hai with sword"


def to_fight(state):
    for _ in range(4):          # both sides done moving, both done shooting
        state.apply("done")
    assert state.phase == "fight"
    return state


def test_working_out_a_fight_example_minas_tirith_against_the_orc():
    # "the Orc rolls 3 and the Warrior of Minas Tirith rolls 4. The Warrior of Minas Tirith wins"
    state = to_fight(battle([("G1", MINAS_TIRITH, 10, 10), ("E1", ORC, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["4", "3", "5", "3", "3"]))
    assert state.fights == [("G1", ("E1",))]
    fight(state, "G1")
    assert rolls(state)[:3] == [("duel G1", "4"), ("duel E1", "3"), ("wound E1", "5")]
    # S3 against the Orc's Defence 4 needs a 5: the Orc is slain
    assert "E1" not in state.models


def test_multiple_wounds_example_a_man_needs_5_to_wound_a_defence_5_orc():
    # "The Man has a Strength of 3, the Orc a Defence of 5 ... requires a dice roll of 5"
    state = to_fight(battle([("G1", MINAS_TIRITH, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["6", "1", "4", "3", "3"]))
    assert state.charts.to_wound(3, 5) == "5"
    fight(state, "G1")
    assert "E1" in state.models                      # a 4 is not enough
    state2 = to_fight(battle([("G1", MINAS_TIRITH, 10, 10), ("E1", URUK, 10 + D, 10),
                              ("E2", ORC, 40, 40)], dice=["6", "1", "5", "3", "3"]))
    fight(state2, "G1")
    assert "E1" not in state2.models


def test_working_out_a_fight_the_loser_backs_away_one_inch():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                            dice=["6", "2", "1", "3", "3"]))
    fight(state, "G1")
    e1 = state.models["E1"]
    assert math.dist((e1.x, e1.y), (10 + D, 10)) == pytest.approx(1, abs=0.002)
    assert not state.engaged(e1)


def test_working_out_a_fight_a_tie_goes_to_the_higher_fight_value():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", URUK, 10 + D, 10), ("E2", ORC, 40, 40)],
                            dice=["4", "4", "1", "3", "3"]))
    fight(state, "G1")
    # Uruk-hai F4 beats the Warrior of Rohan F3: G1 backs away, E1 strikes
    assert rolls(state)[:3] == [("duel G1", "4"), ("duel E1", "4"), ("wound G1", "1")]
    g1 = state.models["G1"]
    assert math.dist((g1.x, g1.y), (10, 10)) == pytest.approx(1, abs=0.002)


def test_working_out_a_fight_equal_fight_values_roll_1_3_evil_4_6_good():
    for tie, winner_moves in (("3", "G1"), ("4", "E1")):
        state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10),
                                 ("E2", ORC, 40, 40)], dice=["2", "2", tie, "1", "3", "3"]))
        fight(state, "G1")
        assert rolls(state)[2] == ("duel tie", tie)
        start = {"G1": (10, 10), "E1": (10 + D, 10)}[winner_moves]
        loser = state.models[winner_moves]
        assert math.dist((loser.x, loser.y), start) == pytest.approx(1, abs=0.002)


def test_multiple_attacks_roll_a_die_per_attack_and_strike_once_per_attack():
    state = to_fight(battle([("G1", "Boromir", 10, 10), ("E1", ORC, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["1", "2", "5", "3", "1", "1", "6", "3", "3"]))
    fight(state, "G1")
    while state.question is not None:          # Boromir keeps his Might
        assert state.question["kind"] == "might"
        state.apply("pass")
    assert [d for d, _ in rolls(state)][:7] == ["duel G1"] * 3 + ["duel E1"] + ["wound E1"] * 3
    assert "E1" not in state.models


def test_multiple_combats_best_die_of_the_many_and_all_of_them_strike():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 10 + 2 * D),
                             ("E1", ORC, 10, 10 + D), ("E2", ORC, 40, 40)],
                            dice=["1", "5", "4", "1", "1", "3", "3"]))
    assert state.fights == [("E1", ("G1", "G2"))]
    fight(state, "E1")
    assert [d for d, _ in rolls(state)][:5] == ["duel G1", "duel G2", "duel E1", "wound E1", "wound E1"]


def test_multiple_combats_a_lone_winner_says_where_each_strike_goes():
    e1 = (10 + D * math.cos(math.radians(30)), 10 + D / 2)
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 10 + D),
                             ("E1", "Orc Captain", *e1), ("E2", ORC, 40, 40)],
                            dice=["1", "2", "6", "1", "5", "5", "3", "3"]))
    assert state.fights == [("E1", ("G1", "G2"))]
    fight(state, "E1")
    assert state.to_move() == 1 and state.combat["losers"] == ["G1", "G2"]
    with pytest.raises(IllegalAction, match="strikes 2 time"):
        state.apply("strike G1")
    with pytest.raises(IllegalAction, match="not one of the beaten"):
        state.apply("strike G1 E2")
    state.apply("strike G1 G2")
    assert "G1" not in state.models and "G2" not in state.models


def test_trapped_fighters_three_equidistant_enemies_double_strikes():
    centre = (20, 20)
    enemies = [(f"E{i + 1}", ORC, centre[0] + D * math.cos(a), centre[1] + D * math.sin(a))
               for i, a in enumerate((0, 2 * math.pi / 3, 4 * math.pi / 3))]
    state = to_fight(battle([("G1", ROHAN, *centre), ("G2", ROHAN, 40, 40), *enemies],
                            dice=["1", "6", "1", "1"] + ["1"] * 6 + ["3", "3"]))
    fight(state, "G1")
    assert any("trapped" in line for line in state.news)
    # three Orcs, one Attack each, doubled against a trapped model: six strikes
    assert [d for d, _ in rolls(state)].count("wound G1") == 6


def test_when_to_fight_the_side_with_priority_chooses_the_order():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10),
                             ("G2", ROHAN, 30, 30), ("E2", ORC, 30 + D, 30)],
                            dice=["1", "2", "1", "3", "4", "1"]))
    assert state.to_move() == 0
    with pytest.raises(IllegalAction, match="When to Fight"):
        state.apply("done")
    fight(state, "E2")
    assert rolls(state)[:2] == [("duel G2", "1"), ("duel E2", "2")]
    assert [str(a) for a in state.legal_actions()] == ["fight G1"]


def test_the_turn_ends_after_the_fights_and_priority_is_rolled():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                            dice=["6", "2", "1", "2", "5"]))
    fight(state, "G1")
    assert state.turn == 2 and state.phase == "move"
    assert rolls(state)[-2:] == [("priority good", "2"), ("priority evil", "5")]
    assert state.priority == "evil" and state.to_move() == 1


def test_end_of_the_game_the_first_side_to_kill_all_the_enemy_wins():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10)],
                            dice=["6", "2", "6"]))
    fight(state, "G1")
    assert state.is_over() and state.outcome().winners == (0,)
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply("done")


class FirstCandidate:
    """Takes the first candidate: charges come first, so battles end quickly."""

    def choose(self, view, legal):
        return legal[0]


def test_records_play_to_the_end_and_replay_exactly():
    game = StrategyBattle()
    final, record = play_match(game, {"scenario": "intro"}, [FirstCandidate(), FirstCandidate()],
                               seed=11, max_decisions=2000)
    assert final.is_over() and record.result is not None
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(0) == final.view(0)


def test_making_way_for_trapped_fighters_a_friend_behind_steps_back():
    # G1 fights E1 to its east, friends touch it west, north and south: no gap to back through
    centre = (20, 20)
    ring = [("G2", ROHAN, 20 - D, 20), ("G3", ROHAN, 20, 20 + D), ("G4", ROHAN, 20, 20 - D)]
    state = to_fight(battle([("G1", ROHAN, *centre), ("E1", ORC, 20 + D, 20), *ring,
                             ("E2", ORC, 40, 40)], dice=["1", "6", "1", "3", "3"]))
    fight(state, "G1")
    g1, g2 = state.models["G1"], state.models["G2"]
    assert any("makes way" in line for line in state.news)
    assert not any("trapped" in line for line in state.news)
    assert math.dist((g1.x, g1.y), centre) == pytest.approx(1, abs=0.002)
    assert math.dist((g2.x, g2.y), (20 - D, 20)) <= 1 + 1e-6
    # one strike, not doubled
    assert [d for d, _ in rolls(state)].count("wound G1") == 1


def test_making_way_friends_in_a_fight_cannot_make_way():
    centre = (20, 20)
    state = to_fight(battle([("G1", ROHAN, *centre), ("E1", ORC, 20 + D, 20),
                             ("G2", ROHAN, 20 - D, 20), ("E3", ORC, 20 - 2 * D, 20),
                             ("G3", ROHAN, 20, 20 + D), ("G4", ROHAN, 20, 20 - D),
                             ("E4", ORC, 20, 20 + 2 * D), ("E5", ORC, 20, 20 - 2 * D)],
                            dice=["1", "6"] + ["1"] * 2 + ["3", "3"] * 3))
    fight(state, "G1")
    assert any("G1 cannot back away: trapped" in line for line in state.news)


def test_fights_the_priority_player_chooses_how_the_pairs_are_matched():
    # 'Fights': "where matches can be made in one of several different ways, the player with
    # priority decides how the combatants are matched" — a square of two Men and two Orcs
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("G2", ROHAN, 10 + D, 10 + D),
                    ("E2", ORC, 10, 10 + D)], first="evil", fight_choices=True)
    state.apply("done")
    state.apply("done")
    assert state.question == {"kind": "pair", "side": "evil", "then": "shoot"}
    assert state.to_move() == 1 and state.fights == []
    assert [str(a) for a in state.legal_actions()] == ["pair G1 E1", "pair G2 E1"]
    # one Orc against both Men would leave the other Orc out of every fight
    assert "Fights" in str(refused(state, "pair E1 G1+G2"))
    state.apply("pair E1 G2")
    # the other pair follows, the only way left
    assert state.fights == [("G1", ("E2",)), ("G2", ("E1",))]
    assert state.question is None and state.phase == "shoot"


def test_fights_the_priority_player_decides_which_combat_a_warrior_joins():
    # 'Fights': G3 touches two Orcs who each have a foe of their own: it joins either fight
    g3 = (20, 20)

    def around(p, degrees):
        return (p[0] + D * math.cos(math.radians(degrees)), p[1] + D * math.sin(math.radians(degrees)))

    e1, e2 = around(g3, 210), around(g3, 330)
    g1, g2 = around(e1, 210), around(e2, 330)
    state = battle([("G1", ROHAN, *g1), ("G2", ROHAN, *g2), ("G3", ROHAN, *g3),
                    ("E1", ORC, *e1), ("E2", ORC, *e2)], fight_choices=True)
    state.apply("done")
    state.apply("done")
    assert state.question["kind"] == "pair" and state.to_move() == 0
    assert [str(a) for a in state.legal_actions()] == ["pair E1 G1+G3", "pair G1 E1"]
    with pytest.raises(IllegalAction, match="not a model waiting"):
        state.apply("pair E1 G1+G4")
    state.apply("pair E2 G2+G3")
    assert state.fights == [("E2", ("G2", "G3")), ("G1", ("E1",))]


def test_fights_made_only_one_way_are_matched_without_a_question():
    # a chain Man-Orc-Man-Orc pairs off one way; a lone Man between two Orcs fights both
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 10 - D, 10),
                    ("G2", ROHAN, 30, 30), ("E3", ORC, 30 + D, 30)])
    state.apply("done")
    state.apply("done")
    assert state.question is None
    assert state.fights == [("G1", ("E1", "E2")), ("G2", ("E3",))]


def test_notation_of_the_fight_phase_decisions_round_trips():
    from palantir.engine.errors import BadNotation
    from palantir.games.strategy_battle.notation import parse
    for text in ("pair E1 G1+G2", "back G1 12,9.5", "back G1 12,9.5 G2 11,8 G3 13.25,8",
                 "trapped G1", "charger E2", "weapon G1 two-handed-weapon", "support G4>G1 G5>G2",
                 "support none", "throw G1 E2 13,11 14,11.5", "take G1 shield"):
        assert str(parse(text)) == text
    for bad in ("pair E1", "pair E1 G1+", "back G1", "back G1 12,9 G2", "support G4",
                "weapon G1", "take G1", "trapped", "charger"):
        with pytest.raises(BadNotation):
            parse(bad)


def spot(x, y):
    return f"{round(x, 3):g},{round(y, 3):g}"


def test_working_out_a_fight_the_beaten_side_chooses_where_the_loser_backs_away():
    # 'Working Out a Fight': the loser backs away 1"/2cm — its side says where
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + D, 10), ("E2", ORC, 40, 40)],
                            dice=["6", "2", "1", "3", "3"], fight_choices=True))
    fight(state, "G1")
    assert state.question == {"kind": "back", "side": "evil"} and state.to_move() == 1
    offered = [str(a) for a in state.legal_actions()]
    assert offered[0] == f"back E1 {spot(11 + D, 10)}"          # straight away first
    assert len(offered) == 4 and all(a.startswith("back E1 ") for a in offered)
    for bad, words in ((f"back E1 {spot(12 + D, 10)}", "exactly 1"),
                       (f"back E1 {spot(10 + D - 1, 10)}", "cannot back away"),
                       ("trapped E1", "not trapped"), ("back G1 9,10", "say where E1")):
        assert words in str(refused(state, bad))
    state.apply(f"back E1 {spot(10 + D, 11)}")            # sideways, along the Man's flank
    e1 = state.models["E1"]
    assert (e1.x, e1.y) == (pytest.approx(10 + D, abs=0.001), 11)
    assert not state.engaged(e1)
    assert rolls(state)[2] == ("wound E1", "1")              # the blow is struck after


def test_trapped_fighters_moved_back_so_that_enemies_no_longer_touch():
    # in a corner, beaten by an Orc on either side: no way back at all — the Orcs are moved
    # slightly apart so that nobody touches, and the strikes count double
    state = to_fight(battle([("G1", ROHAN, R, R), ("E1", ORC, R + D, R), ("E2", ORC, R, R + D),
                             ("E3", ORC, 40, 40)],
                            dice=["1", "6", "1", "1", "1", "1", "1", "3", "3"], fight_choices=True))
    fight(state, "G1")
    assert any("G1 cannot back away: trapped" in n for n in state.news)
    assert [d for d, _ in rolls(state)].count("wound G1") == 4
    g1 = state.models["G1"]
    assert (g1.x, g1.y) == (R, R)
    assert not state.engaged(g1)
    assert state.models["E1"].x == pytest.approx(R + D + 1 / 25.4, abs=0.001)
    assert state.models["E2"].y == pytest.approx(R + D + 1 / 25.4, abs=0.001)


def test_trapped_fighters_the_player_may_leave_a_model_trapped_rather_than_make_way():
    # friends touch G1 north and south, a wall stands 0.4" to its west: it cannot back away
    # 1" on its own; its friends could make way, but the player keeps them where they are
    wall = {"name": "wall", "line": [[19.1, 0], [19.1, 48]], "height_mm": 20, "width_mm": 10}
    face = 19.1 + (10 / 25.4) / 2
    centre = (face + R + 0.4, 20)
    state = to_fight(battle([("G1", ROHAN, *centre), ("E1", ORC, centre[0] + D, 20),
                             ("G2", ROHAN, centre[0], 20 + D), ("G3", ROHAN, centre[0], 20 - D),
                             ("E2", ORC, 40, 40)], barriers=[wall],
                            dice=["1", "6", "1", "1", "3", "3"], fight_choices=True))
    fight(state, "G1")
    offered = [str(a) for a in state.legal_actions()]
    assert offered[-1] == "trapped G1" and len(offered) >= 2
    assert all(a.startswith("back G1 ") and len(a.split()) > 3 for a in offered[:-1])
    state.apply("trapped G1")
    g1 = state.models["G1"]
    # moved back as far as possible: to the wall, clear of the Orc
    assert g1.x == pytest.approx(face + R, abs=0.01) and g1.y == pytest.approx(20, abs=0.01)
    assert not state.engaged(g1)
    assert [d for d, _ in rolls(state)].count("wound G1") == 2


def test_making_way_the_player_chooses_whether_and_how_friends_make_way():
    # G1 fights E1 to its east, friends touch it west, north and south
    centre = (20, 20)
    ring = [("G2", ROHAN, 20 - D, 20), ("G3", ROHAN, 20, 20 + D), ("G4", ROHAN, 20, 20 - D)]
    state = to_fight(battle([("G1", ROHAN, *centre), ("E1", ORC, 20 + D, 20), *ring,
                             ("E2", ORC, 40, 40)], dice=["1", "6", "1", "3", "3"],
                            fight_choices=True))
    fight(state, "G1")
    assert state.question == {"kind": "back", "side": "good"}
    assert str(state.legal_actions()[-1]) == "trapped G1"
    west = spot(19, 20)
    for bad, words in ((f"back G1 {west}", "cannot back away"),
                       (f"back G1 {west} G3 20,21.5", "not in the way"),
                       (f"back G1 {west} G2 {spot(17.5 - D, 20)}", "at most 1"),
                       (f"back G1 {west} E1 {spot(22, 20)}", "not a friend")):
        assert words in str(refused(state, bad))
    # G2 steps a little north-west, G1 backs away west past where it stood
    state.apply(f"back G1 {west} G2 {spot(20 - D - 0.6, 20.8)}")
    g1, g2 = state.models["G1"], state.models["G2"]
    assert (g1.x, g1.y) == (19, 20) and (g2.x, g2.y) == (
        pytest.approx(20 - D - 0.6, abs=0.001), 20.8)
    assert [d for d, _ in rolls(state)].count("wound G1") == 1      # not trapped


def test_making_way_only_for_a_model_that_cannot_back_away_on_its_own():
    state = to_fight(battle([("G1", ROHAN, 20, 20), ("E1", ORC, 20 + D, 20),
                             ("G2", ROHAN, 20 - D, 20), ("E2", ORC, 40, 40)],
                            dice=["1", "6", "1", "3", "3"], fight_choices=True))
    fight(state, "G1")
    with pytest.raises(IllegalAction, match="Making Way"):
        state.apply(f"back G1 19,20 G2 {spot(19 - D, 20)}")
    state.apply(f"back G1 {spot(20, 21)}")
    assert not state.engaged(state.models["G1"])
