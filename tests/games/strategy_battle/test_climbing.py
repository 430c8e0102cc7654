"""Advanced rules of the Move phase: climbing, vertical drops and falling, sheer sides jumped
up, defending elevated positions (manual sections cited: 'Climbing', 'Climb Chart',
'Defending Elevated Positions', 'Jumping (Cavalry)', 'Other Exceptions')."""

import random

import pytest

from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.engine.match import play_match
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.candidates import model_candidates
from palantir.games.strategy_battle.heuristics import General
from palantir.games.strategy_battle.notation import Climb

from tests.support.positions.sbg import ORC, ROHAN, battle, fight, mark, rolls

R = 12.5 / 25.4
DWARF = "Dwarf Warrior with axe and shield"
GOBLIN = "Moria Goblin Warrior"
RIDER = "Rider of Rohan"


def platform(ground_mm=150, climbable=True, x=20, name="platform"):
    """A ruined platform with sheer sides, from x to the table's far edge."""
    return {"name": name, "outline": [[x, 0], [200, 0], [200, 200], [x, 200]],
            "ground_mm": ground_mm, "sheer": True, "climbable": climbable}


def tomb():
    """A tomb 40mm high: more than the 28mm warrior, not twice his height."""
    return platform(ground_mm=40, climbable=False, name="tomb")


def test_climbing_the_150mm_platform_is_not_walked_up():
    # 'Climbing': a model walked up and down a 150mm platform with no roll; its side is more
    # than twice the 28mm warrior's height, so only a climb gets him up
    state = battle([("G1", ROHAN, 18, 20), ("E1", ORC, 40, 40)], areas=[platform()], dice=[])
    with pytest.raises(IllegalAction, match=r"must be climbed.*\(Climbing\)"):
        state.apply("move G1 23,20")
    with pytest.raises(IllegalAction, match="Climbing"):
        state.apply("move G1 to 23,20")
    assert state.models["G1"].x == 18 and state.dice.log == []
    # a sheer side that offers no handholds is not climbed at all
    bare = battle([("G1", ROHAN, 18, 20), ("E1", ORC, 40, 40)],
                  areas=[platform(climbable=False)])
    with pytest.raises(IllegalAction, match="cannot be climbed"):
        bare.apply("climb G1 22,20")


@pytest.mark.parametrize("die, ground, x", [("2", 40, 20 - R), ("3", 40, 20 + R),
                                            ("6", 40, 20 + R), ("6", 20, 23)])
def test_climbing_an_ascent_up_to_twice_the_height_is_a_jump_roll(die, ground, x):
    # "If the total ascent is not more than twice the height of the model this is
    # accomplished in the same way as for crossing an obstacle and a Jump roll is made";
    # the 40mm tomb is taller than the 28mm model: -1 ('Jumping an Obstacle'), so a 2 is a
    # 1 (he stays below), a 3 a 2 and a 6 a 5 (placed at the edge); up 20mm a 6 goes on
    state = battle([("G1", ROHAN, 18, 20), ("E1", ORC, 40, 40)],
                   areas=[dict(tomb(), ground_mm=ground)], dice=[die])
    state.apply("move G1 23,20")
    g1 = state.models["G1"]
    assert g1.x == pytest.approx(x, abs=0.01) and g1.moved and g1.jumped
    assert rolls(state) == [("jump G1", die)]


def test_climbing_a_moria_goblin_bounds_up_without_a_roll():
    # 'Moria Goblins & Jumping': "as if a 6 had been rolled"
    state = battle([("G1", ROHAN, 40, 40), ("E1", GOBLIN, 18, 20)], areas=[tomb()],
                   first="evil", dice=[])
    state.apply("move E1 22,20")
    assert state.models["E1"].x == pytest.approx(22) and state.dice.log == []


def test_climbing_the_drop_of_6cm_example_jump_down_without_a_roll():
    # 'Climbing': "a model with a move of 12cm could move 6cm to the edge of a ruined
    # platform, jump down to the ground, and move 6cm further. No Jump roll is required" —
    # the Dwarf (5"/12cm, 20mm tall) off a 40mm platform (not more than twice his height)
    state = battle([("G1", DWARF, 44, 20), ("E1", ORC, 90, 90)], units="cm", width=100,
                   depth=100, areas=[platform(ground_mm=40, climbable=False, x=38)], dice=[])
    state.apply("move G1 32,20")
    g1 = state.models["G1"]
    assert g1.x == pytest.approx(32) and not g1.prone and state.dice.log == []
    assert g1.move_used == pytest.approx(12)


def test_climbing_a_12cm_fall_is_six_strength_3_hits():
    # "a model that falls 12cm suffers six Strength 3 hits"; "automatically placed lying on
    # the ground at the foot of the drop"; "expended all of its movement"; no Jump roll
    state = battle([("G1", DWARF, 42, 20), ("E1", ORC, 90, 90)], units="cm", width=100,
                   depth=100, areas=[platform(ground_mm=120, x=38)], dice=["1"] * 6)
    state.apply("move G1 30,20")
    g1 = state.models["G1"]
    assert [d for d, _ in rolls(state)] == ["wound G1"] * 6
    assert g1.prone and g1.moved and g1.x == pytest.approx(38 - 1.25, abs=0.02)
    assert g1.move_used == pytest.approx(12)
    # "a model that falls 4" ... suffers four Strength 3 hits" (on an inch table; 10cm on a
    # centimetre table is five full 2cm)
    four = battle([("G1", ROHAN, 22, 20), ("E1", ORC, 40, 40)],
                  areas=[platform(ground_mm=4 * 25.4)], dice=["1"] * 4)
    four.apply("move G1 16,20")
    assert [d for d, _ in rolls(four)] == ["wound G1"] * 4


def test_climbing_the_path_finder_takes_no_dangerous_drop():
    # a move to a point never jumps down more than twice the model's height unasked
    state = battle([("G1", ROHAN, 22, 20), ("E1", ORC, 40, 40)], areas=[platform()])
    with pytest.raises(IllegalAction, match="Climbing"):
        state.apply("move G1 to 17,20")
    assert not state.models["G1"].moved


def test_climbing_counts_double_and_takes_turns_on_the_climb_chart():
    # "treat the vertical surface as difficult terrain ... counting the distance as double";
    # "roll a dice when the model starts to climb and at the start of each move whilst
    # climbing": 1.5" to the foot, 4.5" left = 2.25" up the 150mm side
    state = battle([("G1", ROHAN, 18, 20), ("E1", ORC, 40, 40)], areas=[platform()],
                   dice=["4"])
    state.apply("climb G1 22,20")
    g1 = state.models["G1"]
    assert g1.climbing == ["platform", pytest.approx(2.25, abs=0.01)]
    assert g1.x == pytest.approx(20 - R, abs=0.01) and g1.move_used == pytest.approx(6)
    # on the side it may not walk off
    mark(state, "G1", moved=False, move_used=0.0)
    with pytest.raises(IllegalAction, match="climbs on up or down"):
        state.apply("move G1 15,20")


@pytest.mark.parametrize("roll", ["2", "6"])
def test_climb_chart_2_to_5_placed_at_the_edge_6_completes_the_move(roll):
    state = battle([("G1", ROHAN, 20 - R, 20), ("E1", ORC, 40, 40)], areas=[platform()],
                   dice=[roll])
    mark(state, "G1", climbing=["platform", 4.0])
    state.apply("climb G1 22,20")
    g1 = state.models["G1"]
    assert g1.climbing is None and g1.moved
    assert g1.x == pytest.approx({"2": 20 + R, "6": 22}[roll], abs=0.01)


def test_climb_chart_1_falls_from_where_it_is():
    # "1 Fall — the model slips and falls to the ground": from 4" up, four Strength 3 hits
    state = battle([("G1", ROHAN, 20 - R, 20), ("E1", ORC, 40, 40)], areas=[platform()],
                   dice=["1", "1", "1", "1", "1"])
    mark(state, "G1", climbing=["platform", 4.0])
    state.apply("climb G1 22,20")
    g1 = state.models["G1"]
    assert g1.climbing is None and g1.prone and g1.x == pytest.approx(20 - R, abs=0.01)
    assert [d for d, _ in rolls(state)] == ["climb G1"] + ["wound G1"] * 4


def test_climbing_down_a_climbable_side_avoids_the_fall():
    state = battle([("G1", ROHAN, 22, 20), ("E1", ORC, 40, 40)], areas=[platform()],
                   dice=["3"])
    state.apply("climb G1 15,20")
    g1 = state.models["G1"]
    assert g1.climbing == ["platform", pytest.approx(150 / 25.4 - 2.25, abs=0.01)]
    assert not g1.prone and g1.wounds == 1


def test_moria_goblins_and_climbing_no_roll_but_half_speed():
    # 'Moria Goblins & Climbing': "always count as having rolled a 6 ... still reduced to
    # half speed": 5" of move at the foot is 2.5" up
    state = battle([("G1", ROHAN, 40, 40), ("E1", GOBLIN, 20 - R, 20)], areas=[platform()],
                   first="evil", dice=[])
    state.apply("climb E1 22,20")
    assert state.models["E1"].climbing == ["platform", pytest.approx(2.5, abs=0.01)]
    assert state.dice.log == []


def test_other_exceptions_cavalry_cannot_climb_and_mounts_do_not_jump_down_deep_drops():
    # 'Other Exceptions': "Cavalry models cannot climb, lie down or crawl"; 'Jumping
    # (Cavalry)': "A mount cannot jump down a sheer drop more than double its own height"
    state = battle([("G1", RIDER, 18, 20), ("E1", ORC, 40, 40)], areas=[platform()])
    with pytest.raises(IllegalAction, match="Other Exceptions"):
        state.apply("climb G1 22,20")
    with pytest.raises(IllegalAction, match="Other Exceptions"):
        state.apply("lie G1")
    high = battle([("G1", RIDER, 26, 20), ("E1", ORC, 40, 40)],
                  areas=[platform(ground_mm=100)])
    with pytest.raises(IllegalAction, match="Jumping \\(Cavalry\\)"):
        high.apply("move G1 14,20")


def test_defending_elevated_positions_the_climber_charges_the_enemy_at_the_edge():
    # "A warrior who climbs to the top ... automatically charges the nearest enemy whose
    # zone of control overlaps the top edge ... He holds on just below the top ... and
    # fights the warrior on the top", across the edge as across a defended barrier
    state = battle([("G1", ROHAN, 20 - R, 20), ("E1", ORC, 21.8, 20)], areas=[platform()],
                   dice=["4"])
    mark(state, "G1", climbing=["platform", 5.0])
    state.apply("climb G1 20.6,20")
    g1 = state.models["G1"]
    assert g1.charged and g1.climbing == ["platform", pytest.approx(150 / 25.4)]
    assert g1.x == pytest.approx(20 - R, abs=0.01)
    assert state.across == [["G1", "E1", "platform"]] and state.engaged(g1)


def _fight_at_the_edge(dice):
    """G1 has climbed to the edge and charged E1 on the platform; the Fight phase begins."""
    state = battle([("G1", ROHAN, 20 - R, 20), ("E1", ORC, 21.8, 20)], areas=[platform()],
                   dice=dice)
    mark(state, "G1", climbing=["platform", 5.0])
    state.apply("climb G1 20.6,20")
    for _ in range(4):
        state.apply("done")            # Evil's move, both Shoot phases
    fight(state, "G1")
    return state


@pytest.mark.parametrize("footing", ["1", "4"])
def test_defending_elevated_positions_falling_off_when_beaten_back(footing):
    # 'Falling Off': beaten back, the climber "can only move down the vertical surface ... On
    # a 4, 5, or 6, the warrior keeps his footing and backs away as required. On a 1, 2 or
    # 3, the warrior loses his footing and falls ... the full distance" (150mm: five hits)
    state = _fight_at_the_edge(["4", "1", "6", footing] + ["1"] * 12)
    g1 = state.models.get("G1")
    names = [d for d, _ in rolls(state)]
    assert "footing G1" in names
    if footing == "4":
        assert g1.climbing == ["platform", pytest.approx(150 / 25.4 - 1)] and not g1.prone
    else:
        assert g1.climbing is None and g1.prone
        assert names[names.index("footing G1") + 1:][:5] == ["wound G1"] * 5


def test_scenarios_ruins_a_skirmish_that_climbs_jumps_and_lies_down_to_the_end():
    # issue 14, item 6: "a skirmish in ruins that uses climbing, jumping and lying down",
    # played to the end between the generals and replayed from its record
    game = StrategyBattle()
    final, record = play_match(game, {"scenario": "ruins"},
                               [game.heuristic_agent(0, 1), game.heuristic_agent(1, 2)], 1,
                               max_decisions=5000)
    assert final.is_over() and record.result["winners"] in ([0], [1])
    state = game.new_state(record.options, SeededDice(1))
    news = []
    for event in record.events:
        if "action" in event:
            state.news = []
            state.apply(event["action"])
            news += state.news
    assert state.view(0) == final.view(0)
    verbs = {e["action"].split()[0] for e in record.events if "action" in e}
    assert {"climb", "lie"} <= verbs
    assert any("jumps" in n for n in news)


def test_climbing_no_charge_up_a_sheer_side_into_touch_from_below():
    # an enemy standing at the top edge of the 150mm gallery is reached by climbing, not by
    # walking up to the foot of the side beneath him
    state = battle([("G1", ROHAN, 17, 20), ("E1", ORC, 20 + R, 20)], areas=[platform()])
    with pytest.raises(IllegalAction, match="Climbing"):
        state.apply(f"charge G1 E1 {20 - R:.3f},20")


@pytest.mark.parametrize("knocked", ["2", "5"])
def test_defending_elevated_positions_a_falling_climber_knocks_off_those_below(knocked):
    # "If the warrior at the top of the vertical surface falls, roll a dice for every other
    # model that is climbing right below him. Any model that rolls a 1, 2 or 3 is also
    # knocked from the vertical surface ... Models fall from wherever they are" (G2, 1.5"
    # up: one Strength 3 hit)
    state = battle([("G1", ROHAN, 20 - R, 20), ("G2", ROHAN, 20 - R, 20 + 2 * R + 0.05),
                    ("E1", ORC, 21.8, 20)], areas=[platform()],
                   dice=["4", "1", "6", "1", knocked] + ["1"] * 17)
    mark(state, "G1", climbing=["platform", 5.0])
    mark(state, "G2", climbing=["platform", 1.5], moved=True)
    state.apply("climb G1 20.6,20")
    for _ in range(4):
        state.apply("done")
    fight(state, "G1")
    names = [d for d, _ in rolls(state)]
    assert names[names.index("footing G1") + 1] == "knocked off G2"
    g2 = state.models["G2"]
    if knocked == "2":
        assert g2.climbing is None and not g2.prone     # 1.5" is not twice his height
    else:
        assert g2.climbing == ["platform", 1.5]


def test_climbing_a_courage_test_owed_is_taken_before_the_climb():
    # 'When to Test': a model owing a test takes it before it moves; failing, it retreats
    # and does not climb (the scenario calls Good to test before moving, 'Testing Twice')
    state = battle([("G1", ROHAN, 18, 20), ("E1", ORC, 40, 40)], areas=[platform()],
                   courage_before_moving=["good"], dice=["1", "1"])
    state.apply("climb G1 22,20")
    g1 = state.models.get("G1")
    assert "climb G1" not in [d for d, _ in rolls(state)]
    assert g1 is None or (g1.climbing is None and g1.x < 18)


def test_climbing_the_general_is_offered_and_takes_the_climb():
    # the candidates (candidates.py) offer a model on the side of the gallery its climb on
    # up and back down, and one at its foot the climb towards the enemy on top; the
    # heuristic (heuristics.py) climbs towards him rather than waiting below
    state = battle([("G1", ROHAN, 18, 20), ("E1", ORC, 30, 20)], areas=[platform()])
    offered = [str(a) for a in model_candidates(state, state.models["G1"])]
    assert any(a.startswith("climb G1") for a in offered)
    on_side = battle([("G1", ROHAN, 20 - R, 20), ("E1", ORC, 30, 20)], areas=[platform()])
    mark(on_side, "G1", climbing=["platform", 2.0])
    offered = model_candidates(on_side, on_side.models["G1"])
    assert [type(a).__name__ for a in offered] == ["Climb", "Climb"]
    up, down = offered
    assert up.path[0][0] > 20 > down.path[0][0]
    assert General(on_side).choose(offered, random.Random(0)) == up


def test_the_general_climbs_to_goblins_on_a_gallery_rather_than_wait_hidden_below():
    # issue 14, item 12 (the ruins scenario: Evil won 6 of 6): a Dwarf at the foot of the
    # 60mm gallery, hidden from the Goblin archers on top, held there turn after turn — the
    # climb gains little ground (the height costs double) and shows him to their bows. The
    # enemies on top can be reached no other way, so the climb is closing with them
    # ('Climbing'); and one that comes over the edge into a Goblin's zone is a charge at
    # him, who defends the edge as a barrier ('Defending Elevated Positions')
    for goblin_x in (24.0, 21.9):
        state = battle([("G1", DWARF, 20 - R - 0.05, 20), ("E1", GOBLIN, goblin_x, 20),
                        ("E2", GOBLIN, goblin_x + 1.5, 22)], areas=[platform(ground_mm=60)])
        offered = model_candidates(state, state.models["G1"])
        assert any(isinstance(a, Climb) for a in offered), offered
        assert isinstance(General(state).choose(offered, random.Random(0)), Climb)
