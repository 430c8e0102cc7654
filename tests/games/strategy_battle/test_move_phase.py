"""Turn sequence, priority and the Move phase (manual sections cited)."""

import math

import pytest

from palantir.engine.dice import SeededDice
from palantir.engine.errors import BadNotation, BadOption, IllegalAction
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.notation import Charge, Done, parse
from palantir.games.strategy_battle.profiles import DataError, default_data, parse_profiles
from palantir.games.strategy_battle.scenarios import load_scenario, parse_scenario

from tests.support import refused

from tests.support.positions.sbg import ORC, ROHAN, ROHAN_BOW, battle, mark, rolls, setup

R = 12.5 / 25.4


def test_priority_phase_first_turn_goes_to_good():
    state = StrategyBattle().new_state({}, SeededDice(3))
    assert state.turn == 1 and state.priority == "good" and state.to_move() == 0
    assert state.dice.log == []           # no roll in the first turn


def test_priority_phase_scenario_exception_evil_first():
    state = battle([("G1", ROHAN, 5, 5), ("E1", ORC, 40, 40)], first="evil")
    assert state.priority == "evil" and state.to_move() == 1


def test_priority_phase_highest_roll_wins_and_ties_change_sides():
    state = battle([("G1", ROHAN, 5, 5), ("E1", ORC, 40, 40)],
                   dice=["2", "5", "4", "4", "4", "4", "6", "1"])
    assert state.roll_priority() == "evil"            # 2 against 5
    setup(state, priority="good")
    assert state.roll_priority() == "evil"            # a tie: priority changes from good
    setup(state, priority="evil")
    assert state.roll_priority() == "good"            # a tie: changes from evil
    assert state.roll_priority() == "good"            # 6 against 1
    assert [r.die for r in state.dice.log[:2]] == ["priority good", "priority evil"]


def test_which_side_moves_first_the_priority_side_then_the_other():
    state = battle([("G1", ROHAN, 5, 5), ("E1", ORC, 40, 40)])
    with pytest.raises(IllegalAction, match="Which Side Moves First"):
        state.apply("move E1 to 38,40")
    state.apply("move G1 to 8,5")
    state.apply("done")
    assert state.acting == "evil" and state.to_move() == 1
    state.apply("move E1 to 38,40")
    assert (state.models["E1"].x, state.models["E1"].y) == pytest.approx((38, 40))


def test_moving_the_models_each_model_moves_once_up_to_its_maximum():
    state = battle([("G1", ROHAN, 5, 5), ("E1", ORC, 40, 40)])
    with pytest.raises(IllegalAction, match="Moving the Models"):
        state.apply("move G1 11.1,5")
    state.apply("move G1 8,5 8,8")
    with pytest.raises(IllegalAction, match="already moved"):
        state.apply("move G1 9,8")


def test_movement_chart_dwarves_five_hobbits_four_horse_riders_ten():
    state = battle([("G1", "Dwarf Warrior with axe and shield", 5, 5),
                    ("G2", "Rider of Rohan", 20, 20), ("E1", ORC, 40, 40)])
    assert state.allowance(state.models["G1"]) == 5
    assert state.allowance(state.models["G2"]) == 10
    cm = battle([("G1", "Dwarf Warrior with axe and shield", 5, 5), ("E1", ORC, 90, 90)],
                units="cm", width=112, depth=112)
    assert cm.allowance(cm.models["G1"]) == 12
    assert cm.mover(state.models["G2"]).difficult_factor == 4


def test_control_zone_rule_in_play_moves_stop_short_of_enemies():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 16, 10)])
    with pytest.raises(IllegalAction, match="Control Zone"):
        state.apply(f"move G1 {16 - 2 * R - 0.5:.3f},10")
    state.apply(f"move G1 {16 - 2 * R - 1.01:.3f},10")


def test_charges_a_charge_moves_into_contact_and_engages_both():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 15, 10), ("E2", ORC, 30, 30)])
    state.apply("charge G1 E1")
    g1, e1 = state.models["G1"], state.models["E1"]
    assert math.dist((g1.x, g1.y), (e1.x, e1.y)) == pytest.approx(2 * R, abs=0.02)
    assert g1.charged and state.engaged(e1)
    state.apply("done")
    # 'Charges': a model charged before it moves cannot move
    with pytest.raises(IllegalAction, match="touching an enemy"):
        state.apply("move E1 to 20,10")


def test_who_can_charge_only_an_enemy_seen_at_the_start_of_the_move():
    wall = {"name": "high wall", "line": [[12, 0], [12, 20]], "height_mm": 60, "width_mm": 10}
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10)], barriers=[wall])
    assert "Who Can Charge" in str(refused(state, "charge G1 E1 11,10"))


def test_charges_touching_an_enemy_without_declaring_a_charge_is_refused():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10)])
    with pytest.raises(IllegalAction):
        state.apply(f"move G1 {14 - 2 * R:.3f},10")


def test_fights_touching_models_are_paired_at_the_end_of_the_move_phase():
    # two Good warriors charge one Orc: a multiple combat, one model on one side
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 10, 14), ("E1", ORC, 13, 12),
                    ("E2", ORC, 40, 40)])
    state.apply("charge G1 E1")
    state.apply("charge G2 E1")
    state.apply("done")
    state.apply("done")
    assert state.fights == [("E1", ("G1", "G2"))]
    assert state.phase == "shoot"


def test_fights_opponents_paired_off_where_possible():
    # a chain G1-E1-G2-E2 in a row: pairs G1/E1 and G2/E2, not a multiple combat around E1
    d = 2 * R
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 10 + d, 10), ("G2", ROHAN, 10 + 2 * d, 10),
                    ("E2", ORC, 10 + 3 * d, 10)])
    state.apply("done")
    state.apply("done")
    assert state.fights == [("G1", ("E1",)), ("G2", ("E2",))]


def test_moving_the_models_turning_is_free_no_move_needed_to_face_about():
    # facing is not part of the state at all: a model never pays movement to turn
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    assert "facing" not in state.view(0)["models"][0]


def test_illegal_decisions_leave_the_state_unchanged():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10)])
    for bad in ("move G1 30,30", "move E1 13,10", "move X9 to 1,1", "charge G1 G1",
                "move G1 0.1,10", "shoot G1 E1"):
        refused(state, bad)


def test_notation_round_trips_and_names_bad_input():
    for text in ("move G1 12.5,10 14,10", "move G1 to 3,4", "charge G1 E2+E3 13,11",
                 "charge G1 E2", "shoot G3 E4", "done"):
        assert str(parse(text)) == text
    for bad, words in (("", "empty"), ("fly G1", "unknown decision"), ("move G1 1;2", "point"),
                       ("charge G1", "target")):
        with pytest.raises(BadNotation, match=words):
            parse(bad)


def test_candidates_for_agents_are_all_legal():
    state = StrategyBattle().new_state({}, SeededDice(2))
    for _ in range(2):
        candidates = state.legal_actions()
        assert isinstance(candidates[-1], Done) and len(candidates) > 1
        for action in candidates:
            trial = state.clone()
            trial.apply(action)
        state.apply(candidates[0])


def test_candidates_include_charges_in_sight_and_reach():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 14, 10), ("E2", ORC, 40, 40)])
    charges = [a for a in state.legal_actions() if isinstance(a, Charge)]
    assert [a.targets for a in charges] == [("E1",)]


def test_records_replay_the_same_positions_from_notation_and_rolls():
    played = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN_BOW, 10, 20), ("E1", ORC, 16, 10),
                     ("E2", ORC, 30, 25)])
    texts = []
    for text in ("charge G1 E1", "move G2 to 13,21", "done", "move E2 to 26,23", "done"):
        action = played.parse_action(text)
        texts.append(str(action))
        played.apply(action)
    again = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN_BOW, 10, 20), ("E1", ORC, 16, 10),
                    ("E2", ORC, 30, 25)], dice=list(played.dice.log))
    for text in texts:
        again.apply(text)
    assert again.view(0) == played.view(0)
    assert all(t.split()[0] in ("charge", "move", "done") and " to " not in t for t in texts)


def test_measuring_is_allowed_at_any_time_for_any_pair():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 16, 10)])
    got = state.measure("G1", "E1")
    assert got["distance"] == pytest.approx(6 - 2 * R, abs=1e-3) and got["visible"]


def test_view_shows_every_model_to_both_seats():
    state = StrategyBattle().new_state({}, SeededDice(0))
    assert state.view(0)["models"] == state.view(1)["models"]
    assert len(state.view(None)["models"]) == 7


def test_scenarios_example_setup_deployment_follows_the_manual():
    scenario = load_scenario("intro")
    assert (scenario.table.width, scenario.table.depth) == (24, 24)
    profiles, _, _ = default_data()
    good = [p for p in scenario.placements if profiles[p.profile].side == "good"]
    evil = [p for p in scenario.placements if profiles[p.profile].side == "evil"]
    assert len(good) == 3 and len(evil) == 4
    assert sum("bow" in profiles[p.profile].wargear for p in good) == 1
    assert sum("orc bow" in profiles[p.profile].wargear for p in evil) == 1
    assert good[0].at == (12, 12)                              # the exact centre
    for p in good[1:]:
        assert math.dist(p.at, good[0].at) - 2 * R <= 2        # within 2" of the first
    for p in evil:                                             # along the table edge
        assert min(p.at[0], p.at[1], 24 - p.at[0], 24 - p.at[1]) <= R + 0.2
        for q in evil:
            if q is not p:
                assert math.dist(p.at, q.at) - 2 * R > 12      # no two within 12"


def test_data_errors_name_the_file_and_field():
    with pytest.raises(DataError, match=r"profile\.X\.side"):
        parse_profiles({"profile": {"X": {"source": "manual", "side": "neutral"}}})
    with pytest.raises(DataError, match=r"profile\.X\.shoot: '7\+'"):
        parse_profiles({"profile": {"X": {"source": "manual", "side": "good", "race": "Man",
                                          "fight": 3, "shoot": "7+", "strength": 3,
                                          "defence": 3, "attacks": 1, "wounds": 1,
                                          "courage": 3}}})
    with pytest.raises(DataError, match=r"models\[0\]\.profile"):
        parse_scenario({"name": "x", "title": "x", "source": "x",
                        "table": {"units": "in", "width": 10, "depth": 10},
                        "models": [{"id": "A", "profile": "Nobody", "at": [1, 1]}]}, "x.toml")
    with pytest.raises(BadOption, match="scenario"):
        StrategyBattle().new_state({"scenario": "nowhere"}, SeededDice(0))


def test_profiles_carry_their_source_edition():
    profiles, mounts, _ = default_data()
    assert profiles["Mordor Orc with bow"].source == "manual"
    assert profiles["Aragorn (Strider)"].source == "H"
    assert mounts["Warg"].source == "M"
    assert all(p.source in ("manual", "H", "M") for p in profiles.values())


ELF = "Wood Elf Warrior"
WALL = {"name": "wall", "line": [[10.5, 0], [10.5, 48]], "height_mm": 28, "width_mm": 25.4}


def elf_at_the_wall(dice):
    # An Elf 2" short of a wall 1" wide (the manual's example), an enemy far away
    return battle([("G1", ELF, 10 - 2 - R, 20), ("E1", ORC, 40, 40)], barriers=[WALL], dice=dice)


@pytest.mark.parametrize("roll", ["1", "2", "5", "6"])
def test_jumping_an_obstacle_example_the_elf_and_the_wall(roll):
    # 1: fails and moves no further; 2-5: placed over the wall touching it; 6: moves 4" on
    state = elf_at_the_wall([roll])
    start = state.models["G1"].x
    state.apply(f"move G1 {start + 5.999:.3f},20")
    elf = state.models["G1"]
    near_face, far_face = 10, 11
    expected = {"1": near_face - R, "2": far_face + R, "5": far_face + R, "6": start + 5.999}[roll]
    assert elf.x == pytest.approx(expected, abs=0.01)
    assert state.dice.log[0].die == "jump G1" and elf.moved and elf.jumped


def test_jumping_an_obstacle_must_have_the_move_to_reach_the_far_side():
    state = elf_at_the_wall(["6"])
    with pytest.raises(IllegalAction, match="only 6in"):
        state.apply(f"move G1 {state.models['G1'].x + 6.2:.3f},20")
    assert state.dice.log == []


def test_jumping_an_obstacle_taller_than_the_model_deducts_one():
    tall = dict(WALL, height_mm=40, width_mm=10)         # taller than the 28mm Elf
    state = battle([("G1", ELF, 8, 20), ("E1", ORC, 40, 40)], barriers=[tall], dice=["2"])
    state.apply("move G1 13,20")
    # a 2 less 1 is a 1: the Elf fails at the wall
    assert state.models["G1"].x < 10.5


def test_moria_goblins_and_jumping_bound_over_without_a_roll():
    state = battle([("G1", ELF, 40, 40), ("E1", "Moria Goblin Warrior", 8, 20)],
                   barriers=[WALL], first="evil", dice=[])
    state.apply("move E1 12.5,20")
    assert state.models["E1"].x == pytest.approx(12.5) and state.dice.log == []


def test_moving_and_shooting_no_shot_after_attempting_a_jump():
    state = battle([("G1", "Warrior of Rohan with bow", 9, 20), ("E1", ORC, 20, 20)],
                   barriers=[dict(WALL, width_mm=10)], dice=["6"])
    state.apply("move G1 11.5,20")                      # less than half its move, but a jump
    state.apply("done")
    state.apply("done")
    with pytest.raises(IllegalAction, match="Moving & Shooting"):
        state.apply("shoot G1 E1")


def chasm(width_mm=25, depth_mm=80):
    """A gap across the table at x = 12 (no height: it hides nothing)."""
    return {"name": "chasm", "line": [[12, 0], [12, 48]], "gap": True, "width_mm": width_mm,
            "depth_mm": depth_mm}


def test_jumping_a_gap_up_to_double_the_models_height():
    # 'Jumping a Gap': "A model can jump a gap of up to double its own height"; one narrower
    # than half its height is stepped over as a barrier would be
    table = battle([("G1", ROHAN, 8, 20), ("E1", ORC, 40, 40)], barriers=[chasm()]).table
    gap = table.barriers[0]
    h = 28 / 25.4
    assert not gap.blocks_sight and gap.kind_for(h) == "gap"
    assert gap.kind_for(12 / 25.4) == "impassable"          # 25mm is more than 2 x 12mm
    narrow = battle([("G1", ROHAN, 8, 20), ("E1", ORC, 40, 40)], barriers=[chasm(width_mm=10)])
    assert narrow.table.barriers[0].kind_for(h) == "stride"
    wide = battle([("G1", ROHAN, 8, 20), ("E1", ORC, 40, 40)], barriers=[chasm(width_mm=60)])
    with pytest.raises(IllegalAction, match="Jumping a Gap"):
        wide.apply("move G1 14,20")


@pytest.mark.parametrize("roll", ["2", "6"])
def test_jumping_a_gap_rolls_on_the_jump_chart(roll):
    state = battle([("G1", ROHAN, 9, 20), ("E1", ORC, 40, 40)], barriers=[chasm()], dice=[roll])
    state.apply("move G1 15,20")
    g1 = state.models["G1"]
    far_side = 12 + 12.5 / 25.4 + R
    assert g1.x == pytest.approx({"2": far_side, "6": 15}[roll], abs=0.01)
    assert g1.moved and g1.jumped and not g1.prone


def test_jumping_a_gap_a_1_falls_into_it_and_a_deep_fall_hurts():
    # "On a 1, the model does not simply fail to cross but falls to the ground. A model
    # falling further than twice its own height may be injured" - one Strength 3 hit for
    # each full 1" (the 80mm fall: three), lying on the ground ('Climbing')
    state = battle([("G1", ROHAN, 9, 20), ("E1", ORC, 40, 40)], barriers=[chasm()],
                   dice=["1", "4", "4", "4"])
    state.apply("move G1 15,20")
    g1 = state.models["G1"]
    assert g1.x == pytest.approx(12) and g1.prone and g1.moved
    # S3 against the warrior's D5 needs a 5: the three 4s do not wound
    assert [d for d, _ in rolls(state)] == ["jump G1"] + ["wound G1"] * 3
    # and with a 5 the first hit slays him
    slain = battle([("G1", ROHAN, 9, 20), ("E1", ORC, 40, 40)], barriers=[chasm()],
                   dice=["1", "5"])
    slain.apply("move G1 15,20")
    assert "G1" not in slain.models and slain.is_over()


def test_jumping_a_gap_a_shallow_fall_does_not_hurt_and_the_model_climbs_out_next_turn():
    state = battle([("G1", ROHAN, 9, 20), ("E1", ORC, 40, 40)], barriers=[chasm(depth_mm=50)],
                   dice=["1", "4", "4", "6"])
    state.apply("move G1 15,20")
    g1 = state.models["G1"]
    assert g1.x == pytest.approx(12) and not g1.prone and g1.moved
    for _ in range(4):
        state.apply("done")                 # no fights: the turn ends, priority 4-4
    state.apply("done")                     # Evil has priority (a tie changes it)
    state.apply("move G1 15,20")            # out of the gap: a Jump roll (6) and on
    assert rolls(state)[-1] == ("jump G1", "6") and g1.x == pytest.approx(15)


def test_jumping_a_gap_a_hero_may_spend_fate_on_the_fall():
    state = battle([("G1", "Aragorn (Strider)", 9, 20), ("E1", ORC, 40, 40)],
                   barriers=[chasm()], dice=["1", "1", "6", "1", "1"])
    mark(state, "G1", might=0, free_might=0)
    state.apply("move G1 15,20")
    # three S3 hits on D5: 1, 6 (a wound: Fate?), 1
    assert state.question == {"kind": "fate", "side": "good", "target": "G1"}
    state.apply("pass")
    assert state.models["G1"].wounds == 2 and state.models["G1"].prone


def test_moria_goblins_and_jumping_a_gap_without_a_roll():
    state = battle([("G1", ELF, 40, 40), ("E1", "Moria Goblin Warrior", 9, 20)],
                   barriers=[chasm()], first="evil", dice=[])
    state.apply("move E1 14,20")
    assert state.models["E1"].x == pytest.approx(14) and state.dice.log == []


def test_moving_the_models_in_any_order_the_side_picks_the_model_to_move_next():
    # 'Moving the Models': models are moved one at a time, in any order the player likes
    state = battle([("G1", ROHAN, 10, 10), ("G2", ROHAN, 20, 10), ("G3", ROHAN, 30, 10),
                    ("E1", ORC, 20, 40)])
    legal = [str(a) for a in state.legal_actions()]
    first = legal[0].split()[1]
    others = sorted({"G1", "G2", "G3"} - {first})
    assert sorted(a.split()[1] for a in legal if a.startswith("pick ")) == others
    state.apply(f"pick {others[-1]}")
    legal = [str(a) for a in state.legal_actions()]
    assert {a.split()[1] for a in legal if a != "done"} == {others[-1]}
    # both seats see the pick, a copy keeps it, and the picked model moves before another
    assert state.view(1)["picked"] == others[-1]
    assert [str(a) for a in state.clone().legal_actions()] == legal
    before = state.view(0)
    with pytest.raises(IllegalAction, match="move it first"):
        state.apply(f"pick {others[0]}")
    assert state.view(0) == before
    state.apply(legal[0])
    assert any(str(a) == f"pick {others[0]}" for a in state.legal_actions())


def test_moving_the_models_a_model_that_cannot_move_cannot_be_picked():
    state = battle([("G1", ROHAN, 10, 10), ("E1", ORC, 40, 40)])
    before = state.view(0)
    for bad in ("pick E1", "pick X9"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.view(0) == before
    assert str(parse("pick G2")) == "pick G2"
    with pytest.raises(BadNotation, match="pick"):
        parse("pick")
