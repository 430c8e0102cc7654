"""Sections of the manual that had no test of their own when the rules-coverage map was made to
name every section by its heading (issue 14): 'Shielding' under 'Fights & Cavalry', 'Bladed Bows
& Crossbows', 'Battering the Fortress' (the Defence value and Batter points of each structure)
and the 1 and 2–5 of the Battering charts."""

from palantir.games.strategy_battle import siege
from tests.support.positions.sbg import (MINAS, ORC, ORC_BOW, ROHAN, URUK, battle, fight,
                                         profile, rolls)

from .test_fortress import FORT, ram_crew

RIDER = "Rider of Rohan"
R = 12.5 / 25.4
RC = 25 / 25.4                       # a cavalry base is refereed as a 50mm circle
HALF_WALL = 5 / 25.4
DOOR_OUT = 30 + HALF_WALL + R
HALL_WALLS = [{"name": "hall-w", "line": [[0, 30], [13, 30]], "height_mm": 80, "width_mm": 10},
              {"name": "hall-e", "line": [[15, 30], [48, 30]], "height_mm": 80,
               "width_mm": 10}]
HALL_DOOR = {"name": "hall", "kind": "door", "line": [[13, 30], [15, 30]], "inside": [14, 25],
             "gap_mm": 50.8, "thickness_mm": 10, "grade": "internal"}


def test_shielding_a_mounted_model_cannot_defend_by_shielding_but_on_foot_he_may():
    # 'Fights & Cavalry', 'Shielding': "Mounted models cannot 'defend by shielding', but they
    # still get the +1 bonus to their Defence value as normal if they're carrying shields"
    mounted = battle([("G1", RIDER, 10, 10), ("E1", URUK, 10 + R + RC, 10), ("E2", ORC, 40, 40)],
                     dice=["1", "6", "5", "3", "3", "3"])
    profile(mounted, RIDER, wargear=["hand weapon", "shield"])
    for _ in range(4):
        mounted.apply("done")
    mounted.apply("fight G1")
    assert mounted.question["kind"] != "shield"
    assert [d for d, _ in rolls(mounted)][:2] == ["duel G1", "duel E1"]   # one die: no shielding
    on_foot = battle([("G1", RIDER, 10, 10), ("E1", URUK, 14, 10), ("E2", ORC, 40, 40)],
                     dice=["1", "6", "5", "3", "3", "3"])
    profile(on_foot, RIDER, wargear=["hand weapon", "shield"])
    on_foot.apply("dismount G1")
    on_foot.apply("charge G1 E1")
    for _ in range(4):
        on_foot.apply("done")
    on_foot.apply("fight G1")
    assert on_foot.question == {"kind": "shield", "side": "good"}


def test_bladed_bows_and_crossbows_fight_as_hand_weapons_where_a_dagger_would_lose_one():
    # 'Bladed Bows & Crossbows': "A warrior armed with this is considered to have a hand
    # weapon — so he fights as if armed with a sword"; 'Knives & Daggers': a knife's 4 counts 3.
    # Each Orc carries a knife too, so only the bow's blade spares him the knife's -1.
    for gear, duel in ((["orc bow", "dagger"], ["duel G1", "duel E1", "duel tie"]),
                       (["uruk-hai crossbow", "dagger"], ["duel G1", "duel E1", "duel tie"]),
                       (["dagger"], ["duel G1", "duel E1", "wound E1"])):
        state = battle([("G1", ROHAN, 10, 10), ("E1", ORC_BOW, 10 + 2 * R, 10),
                        ("E2", ORC, 40, 40)], dice=["4", "4", "2", "1", "3", "3"])
        profile(state, ORC_BOW, wargear=gear)
        for _ in range(4):
            state.apply("done")
        fight(state, "G1")
        assert [d for d, _ in rolls(state)][:3] == duel, gear


def test_battering_the_fortress_each_structure_has_the_manuals_defence_and_batter_points():
    # 'Battering the Fortress', Defence Value / Batter Points: internal door (and hatchways)
    # 5/1, external 6/2, heavy 7/2, armoured 8/2, heavy armoured 9/2, the gate 10/3, a wall
    # 100/4, a tower 100/10
    grades = {"internal": (5, 1), "external": (6, 2), "heavy": (7, 2), "armoured": (8, 2),
              "heavy armoured": (9, 2)}
    for grade, expected in grades.items():
        state = battle([("G1", MINAS, 30, 5), ("E1", URUK, 40, 40)],
                       fortress=[{**HALL_DOOR, "grade": grade}], barriers=HALL_WALLS)
        door = siege.pieces(state)["hall"]
        assert (door.defence, door.batter) == expected, grade
    hatch = {**HALL_DOOR, "kind": "hatch"}
    hatch.pop("grade")
    state = battle([("G1", MINAS, 30, 5), ("E1", URUK, 40, 40)],
                   fortress=[hatch], barriers=HALL_WALLS)
    assert (siege.pieces(state)["hall"].defence, siege.pieces(state)["hall"].batter) == (5, 1)
    gate = {"name": "gate", "kind": "gate", "line": [[22, 20], [26, 20]], "inside": [24, 10],
            "gap_mm": 101.6, "height_mm": 80, "thickness_mm": 10}
    wall = {"name": "west", "kind": "wall", "line": [[0, 20], [22, 20]], "height_mm": 80,
            "thickness_mm": 10}
    tower = {"name": "keep", "kind": "tower", "line": [[26, 20], [48, 20]], "height_mm": 120,
             "thickness_mm": 10}
    state = battle([("G1", MINAS, 24, 5), ("E1", URUK, 24, 40)], fortress=[wall, gate, tower])
    pieces = siege.pieces(state)
    assert [(pieces[n].defence, pieces[n].batter) for n in ("gate", "west", "keep")] == [
        (10, 3), (100, 4), (100, 10)]


def test_battering_chart_doors_and_gates_a_1_has_no_effect():
    # 'Battering Chart — Doors & Gates': "1 No effect — the blow rebounds uselessly from the
    # hard surface"; the warrior's 5 wounds the Defence 5 door, the chart's 1 leaves its point
    state = battle([("G1", MINAS, 30, 5), ("E1", URUK, 13.5, DOOR_OUT)],
                   fortress=[HALL_DOOR], barriers=HALL_WALLS, first="evil",
                   dice=["5", "1", "1", "2"])
    for _ in range(4):
        state.apply("done")
    state.apply("batter E1 hall")
    assert state.siege["pieces"]["hall"]["batter"] == 1
    assert "Battering chart: rolled 1: 0 Batter point(s); hall has 1 left" in state.news


def test_battering_chart_fortress_wall_a_1_has_no_effect_and_2_to_5_cause_one_point():
    # 'Battering Chart — Fortress Wall/Tower': "1 No effect", "2–5 Damaged — 1 Batter point is
    # caused" (the 6's 4 points: test_fortress.py); six Uruk-hai of Strength 5 ram at
    # Strength 10, and a 6 wounds the wall
    for chart, left in (("1", 4), ("3", 3)):
        ram, crew = ram_crew(x=12)
        ram["at"] = [12, ram["at"][1]]
        state = battle([("G1", MINAS, 40, 5)] + crew, fortress=FORT + [ram], first="evil",
                       dice=["6", chart, "1", "2"])
        profile(state, URUK, strength=5)
        for _ in range(4):
            state.apply("done")
        state.apply("batter ram west")
        wall = state.siege["pieces"]["west"]
        assert wall["batter"] == left and not wall.get("breach"), chart
