"""Will and magical powers: casting, resisting, the Hobbits' re-roll, the powers' effects
('Heroes: Will', 'Magical Powers')."""

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle.notation import Cast, parse

from palantir.games.strategy_battle import table as geo

from tests.support.positions.sbg import ORC, ROHAN, battle, mark, profile, rolls

R = 12.5 / 25.4
D = 2 * R
GANDALF = "Gandalf the Grey"
WRAITH = "Ringwraith"
FRODO = "Frodo"
URUK = "Mordor Uruk-hai with sword"


def test_magical_powers_casting_the_highest_will_die_must_reach_the_casting_value():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 17, 14)],
                   dice=["1", "3"])
    state.apply("cast G1 immobilise E1 2")
    assert rolls(state) == [("cast G1", "1"), ("cast G1", "3")]
    e1 = state.models["E1"]
    # 2 dice: the Staff of Power's free point first, then 1 of the 6 in store
    assert e1.immobilised and state.models["G1"].will == 5
    state.apply("done")
    with pytest.raises(IllegalAction, match="held by a magical power"):
        state.apply("move E1 to 17,10")


def test_magical_powers_a_failed_cast_still_spends_the_will_and_one_power_a_turn():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 17, 14)],
                   dice=["1", "2"])
    state.apply("cast G1 immobilise E1 2")
    state.apply("pass")                         # Gandalf does not make the 2 a 3 with Might
    assert not state.models["E1"].immobilised and state.models["G1"].will == 5
    with pytest.raises(IllegalAction, match="already used a power"):
        state.apply("cast G1 immobilise E1 1")


def test_magical_powers_need_sight_range_and_a_free_caster():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 10 + D, 10), ("E2", URUK, 30, 10),
                    ("G2", ROHAN, 40, 40)])
    with pytest.raises(IllegalAction, match="not free to move"):
        state.apply("cast G1 immobilise E1 1")
    far = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 10 + 2 * R + 12.1, 10)])
    with pytest.raises(IllegalAction, match="beyond Immobilise"):
        far.apply("cast G1 immobilise E1 1")
    with pytest.raises(IllegalAction, match="does not have Black Dart"):
        far.apply("cast G1 black-dart E1 1")
    with pytest.raises(IllegalAction, match="has 7 Will"):
        far.apply("cast G1 immobilise E1 8")


def test_magical_resistance_will_dice_equal_or_beat_the_casters_best():
    state = battle([("G1", GANDALF, 10, 10), ("E1", WRAITH, 16, 10), ("E2", URUK, 17, 14)],
                   dice=["5", "5"])
    state.apply("cast G1 immobilise E1 1")
    # cast on a 5: Gandalf may raise it to 6 with Might, to be harder to resist
    assert state.question["kind"] == "roll" and state.question["might"] == [1]
    state.apply("pass")
    assert state.question == {"kind": "resist", "side": "evil", "target": "E1", "caster": "G1",
                              "power": "Immobilise", "best": 5}
    assert state.to_move() == 1
    state.apply("resist E1 1")
    assert not state.models["E1"].immobilised and state.models["E1"].will == 6


def test_resistant_to_magic_a_hobbit_re_rolls_a_failed_resistance():
    state = battle([("G1", FRODO, 10, 10), ("E1", WRAITH, 16, 10), ("G2", ROHAN, 10, 13)],
                   first="evil", dice=["5", "2", "6"])
    state.apply("cast E1 transfix G1 1")
    state.apply("resist G1 1")
    assert rolls(state) == [("cast E1", "5"), ("resist G1", "2"), ("resist G1 again", "6")]
    assert not state.models["G1"].immobilised


def test_immobilise_in_a_fight_fight_value_1_one_die_no_blows():
    state = battle([("G1", GANDALF, 10, 10), ("E1", "Orc Captain", 10 + D, 10),
                    ("E2", ORC, 40, 40)], dice=["6", "6", "2", "3", "3"])
    mark(state, "E1", immobilised=True)
    mark(state, "G1", might=0)
    for _ in range(4):
        state.apply("done")
    state.apply("fight G1")
    # the Captain's die is a 6: no Might can raise it ('Might': never past 6), so he is not
    # asked and keeps his Might
    assert state.models["E1"].might_left > 0
    # the Captain (A2) rolls one die and fights as F1: the 6-6 tie goes to Gandalf, who strikes
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel E1", "wound E1"]


def test_black_dart_a_strength_9_hit_and_fate_may_save():
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("E1", WRAITH, 16, 10),
                    ("G2", ROHAN, 10, 13)], first="evil", dice=["5", "3", "4"])
    state.apply("cast E1 black-dart G1 1")
    state.apply("pass")                         # Aragorn does not resist (Will 3 kept)
    # S9 against D5 needs a 3: wounded; Fate 4 recovers it
    assert state.question["kind"] == "fate"
    state.apply("fate G1")
    assert state.models["G1"].wounds == 3


def test_drain_courage_strengthen_will_sap_will_and_terrifying_aura():
    state = battle([("G1", GANDALF, 10, 10), ("E1", WRAITH, 16, 10), ("G2", "Boromir", 10, 13),
                    ("E2", URUK, 18, 12)], first="evil", dice=["6", "6"])
    state.apply("cast E1 drain-courage G2 1")
    state.apply("pass")
    assert state.models["G2"].courage_loss == 1
    state.apply("done")
    state.apply("cast G1 strengthen-will G2 1")
    assert state.models["G2"].will == 2
    another = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 20, 10)], dice=["2"])
    another.apply("cast G1 terrifying-aura G1 1")
    assert another.models["G1"].terror
    sap = battle([("G1", GANDALF, 10, 10), ("E1", WRAITH, 16, 10), ("E2", URUK, 17, 14)],
                 first="evil", dice=["5", "6"])
    sap.apply("cast E1 sap-will G1 1")
    sap.apply("pass")
    assert sap.models["G1"].will == 6 - 3          # a 6 on the D3 is 3


def test_magic_candidates_and_notation():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 17, 14)])
    casts = [a for a in state.legal_actions() if isinstance(a, Cast)]
    assert "cast G1 immobilise E1 1" in [str(a) for a in casts]
    assert all(a.dice <= 2 for a in casts)
    for text in ("cast G1 black-dart E2 3", "resist E2 1"):
        assert str(parse(text)) == text


def test_might_on_casting_raises_the_best_will_die_to_the_casting_value():
    # 'Can I Use Might?': "When using Will - to cast a spell"
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 17, 14)],
                   dice=["2"])
    state.apply("cast G1 immobilise E1 1")
    assert state.question == {"kind": "roll", "side": "good", "model": "G1", "for": "casting",
                              "score": 2, "might": [1], "reroll": False, "room": 4}
    state.apply("might G1 1")
    assert state.models["E1"].immobilised and state.models["G1"].might == 2


def test_might_on_casting_makes_a_cast_harder_to_resist():
    state = battle([("G1", GANDALF, 10, 10), ("E1", WRAITH, 16, 10), ("E2", URUK, 17, 14)],
                   dice=["4", "5"])
    state.apply("cast G1 immobilise E1 1")
    assert state.question["might"] == [1, 2]         # the 4 may be raised to 5 or 6
    state.apply("might G1 2")
    assert state.question["kind"] == "resist" and state.question["best"] == 6
    state.apply("resist E1 1")                       # a 5 no longer equals the caster's best
    assert state.models["E1"].immobilised and state.models["E1"].will == 6


def test_might_on_resisting_a_hero_raises_his_best_resistance_die():
    state = battle([("G1", "Aragorn (Strider)", 10, 10), ("E1", WRAITH, 16, 10),
                    ("G2", ROHAN, 10, 13)], first="evil", dice=["5", "4"])
    state.apply("cast E1 transfix G1 1")              # no Might for the Ringwraith
    state.apply("resist G1 1")
    assert state.question["for"] == "resisting" and state.question["might"] == [1]
    state.apply("might G1 1")
    assert not state.models["G1"].immobilised and state.models["G1"].will == 2


def test_resistant_to_magic_a_hobbit_may_spend_might_before_his_re_roll():
    state = battle([("G1", FRODO, 10, 10), ("E1", WRAITH, 16, 10), ("G2", ROHAN, 10, 13)],
                   first="evil", dice=["6", "4", "1"])
    state.apply("cast E1 transfix G1 1")
    state.apply("resist G1 1")
    # a 4 against the 6: Frodo's 2 Might would do; he keeps them and takes the re-roll
    assert state.question["for"] == "resisting" and state.question["might"] == [2]
    state.apply("pass")
    assert rolls(state) == [("cast E1", "6"), ("resist G1", "4"), ("resist G1 again", "1")]
    assert state.models["G1"].immobilised


def to_fight_phase(state):
    for _ in range(4):
        state.apply("done")


def test_will_of_evil_a_wraith_who_fought_gives_up_a_point_of_will_at_the_end_of_the_phase():
    state = battle([("G1", ROHAN, 10, 10), ("E1", WRAITH, 10 + D, 10), ("E2", URUK, 40, 40)],
                   dice=["1", "2", "1", "1", "3", "3"])
    to_fight_phase(state)
    state.apply("fight G1")
    state.apply("shield off")
    assert state.phase == "move" and state.models["E1"].will == 6
    assert any("gives up a point of Will" in n for n in state.news)


def test_will_of_evil_banished_at_no_will():
    state = battle([("G1", ROHAN, 10, 10), ("E1", WRAITH, 10 + D, 10), ("E2", URUK, 40, 40)],
                   dice=["1", "2", "1", "1", "3", "3"])
    mark(state, "E1", will=1)
    to_fight_phase(state)
    state.apply("fight G1")
    state.apply("shield off")
    assert "E1" not in state.models and state.lost["evil"] == 1


def test_will_of_evil_the_last_will_on_a_power_takes_effect_before_the_wraith_goes():
    state = battle([("G1", ROHAN, 10, 10), ("E1", WRAITH, 16, 10), ("E2", URUK, 40, 40)],
                   first="evil", dice=["3"])
    mark(state, "E1", will=1)
    state.apply("cast E1 transfix G1 1")
    assert state.models["G1"].immobilised and "E1" not in state.models


def test_command_the_caster_moves_the_held_enemy_up_to_half_its_move():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 30, 30)],
                   dice=["4"])
    mark(state, "G1", might=0)
    state.apply("cast G1 command E1 1")
    e1 = state.models["E1"]
    assert e1.immobilised
    assert state.question == {"kind": "command", "side": "good", "target": "E1", "caster": "G1"}
    assert "pass" in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="only 3in"):
        state.apply("move E1 19.5,10")               # half of the Uruk's 6"
    state.apply("move E1 to 18.5,10")
    assert (e1.x, e1.y) == pytest.approx((18.5, 10)) and state.question is None


def test_compel_may_move_the_enemy_into_contact_with_the_casters_friends():
    state = battle([("G1", ROHAN, 10, 16), ("E1", WRAITH, 20, 10), ("G2", ROHAN, 17, 10),
                    ("G3", ROHAN, 40, 40)], first="evil", dice=["4"])
    state.apply("cast E1 compel G2 1")
    # the Ringwraith drags the warrior into touch with... its own friend? no: with its enemy
    with pytest.raises(IllegalAction, match="friend of G2"):
        state.apply("charge G2 G1 10,15")
    state.apply(f"charge G2 E1 {20 - D:.3f},10")      # against the Wraith: no Terror test
    assert state.engaged(state.models["G2"]) and state.dice.remaining() == 0


def test_command_no_move_out_of_a_fight():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("G2", ROHAN, 16 + D, 10),
                    ("E2", URUK, 30, 30)], dice=["6"])
    mark(state, "G1", might=0)
    state.apply("cast G1 command E1 1")
    assert state.models["E1"].immobilised and state.question is None


def test_sorcerous_blast_hurls_the_target_away_knocked_down_with_a_strength_5_hit():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 40, 40)],
                   dice=["5", "3", "4"])
    mark(state, "G1", might=0)
    state.apply("cast G1 sorcerous-blast E1 1")
    # hurled 3" straight away, lying down; S5 against D5 needs a 4: wounded and slain
    assert rolls(state) == [("cast G1", "5"), ("sorcerous blast E1", "3"), ("wound E1", "4")]
    assert "E1" not in state.models


def test_sorcerous_blast_a_model_it_hits_is_knocked_down_with_a_strength_3_hit():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 16, 10), ("E2", URUK, 18, 10.2),
                    ("E3", URUK, 40, 40)], dice=["5", "6", "1", "1"])
    mark(state, "G1", might=0)
    state.apply("cast G1 sorcerous-blast E1 1")
    e1, e2 = state.models["E1"], state.models["E2"]
    assert e1.prone and e2.prone
    assert 16 < e1.x < 18 and geo.in_contact(state.disc(e1), state.disc(e2),
                                             state.units.tolerance)    # stopped at E2
    assert [d for d, _ in rolls(state)] == ["cast G1", "sorcerous blast E1", "wound E1",
                                            "wound E2"]


def test_your_staff_is_broken_the_staff_and_its_free_will_are_gone():
    state = battle([("G1", GANDALF, 10, 10), ("E1", "Witch-king", 16, 10),
                    ("G2", ROHAN, 16, 14)], first="evil", dice=["4", "3", "3"])
    with pytest.raises(IllegalAction, match="has no staff of power"):
        state.apply("cast E1 your-staff-is-broken G2 1")
    state.apply("cast E1 your-staff-is-broken G1 1")
    state.apply("resist G1 1")                      # a 3 does not beat the 4
    state.apply("pass")                             # no Might on it
    g1 = state.models["G1"]
    assert g1.staff_broken and not g1.profile.has("staff of power") and g1.free_will == 0
    rebuilt = state.clone()
    rebuilt.restore(state.view(0))
    assert not rebuilt.models["G1"].profile.has("staff of power")


def test_natures_wrath_knocks_every_enemy_within_three_inches_to_the_ground():
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 12, 10), ("E2", "Orc Captain", 10, 12),
                    ("E3", URUK, 15, 10), ("G2", ROHAN, 8, 10)], dice=["4", "6"])
    profile(state, GANDALF, powers=[("Nature's Wrath", 4)])
    mark(state, "G1", might=0)
    state.apply("cast G1 nature's-wrath G1 1")
    # the Orc Captain, a Hero with Will, may resist: a 6 does
    assert state.question["kind"] == "resist" and state.question["target"] == "E2"
    state.apply("resist E2 1")
    assert state.models["E1"].prone and not state.models["E2"].prone
    assert not state.models["E3"].prone and not state.models["G2"].prone


def test_natures_wrath_throws_riders():
    state = battle([("E1", WRAITH, 10, 10), ("G5", "Rider of Rohan", 12.5, 10),
                    ("G9", ROHAN, 40, 10)], first="evil", dice=["4", "4"])
    profile(state, WRAITH, powers=[("Nature's Wrath", 4)])
    state.apply("cast E1 nature's-wrath E1 1")
    g5 = state.models["G5"]
    # thrown to the ground beside the mount, with a Strength 3 hit (the 4 does not wound D5)
    assert not g5.mounted and g5.prone
    assert rolls(state)[-1] == ("wound G5", "4")


def test_magical_powers_at_any_point_during_the_move_cast_part_way():
    # "A magical power can be used at any point during the model's movement - before moving,
    # afterwards, or at any point between"
    state = battle([("G1", GANDALF, 10, 10), ("E1", URUK, 25, 10), ("E2", URUK, 40, 40)],
                   dice=["6"])
    mark(state, "G1", might=0)
    with pytest.raises(IllegalAction, match="beyond Immobilise"):
        state.apply("cast G1 immobilise E2 1 from 12,10")
    state.apply("cast G1 immobilise E1 1 from 13,10")    # 3" on, then the cast
    g1 = state.models["G1"]
    assert state.models["E1"].immobilised and (g1.x, g1.y) == (13, 10)
    assert not g1.moved and g1.move_left == pytest.approx(3)
    with pytest.raises(IllegalAction, match="only 3in"):
        state.apply("move G1 16.5,10")
    state.apply("move G1 16,10")                          # the rest of his move
    assert g1.moved and g1.move_used == pytest.approx(6)
    assert str(parse("cast G1 immobilise E1 1 from 13,10")) == \
        "cast G1 immobilise E1 1 from 13,10"


def test_magical_powers_cast_part_way_charges_only_what_was_seen_at_the_start():
    wall = {"name": "rock", "going": "impassable", "sight_mm": 80,
            "outline": [[13, 12], [14, 12], [14, 16], [13, 16]]}
    state = battle([("G1", GANDALF, 10, 14), ("E1", URUK, 16, 14), ("E2", URUK, 20, 4),
                    ("E3", URUK, 40, 40)], areas=[wall], dice=["6", "6", "6"])
    mark(state, "G1", might=0)
    assert not state.sees(state.models["G1"], state.models["E1"]).visible
    state.apply("cast G1 immobilise E2 1 from 13,9")
    assert state.sees(state.models["G1"], state.models["E1"]).visible
    with pytest.raises(IllegalAction, match="Who Can Charge"):
        state.apply("charge G1 E1 15.3,13.3")


def test_scenarios_weathertop_magic_plays_to_the_end_and_replays():
    # the Heroes' and Ringwraiths' powers, resistance, Will of Evil, terror and a gap to jump
    from palantir.engine.match import play_match
    from palantir.engine.record import GameRecord, replay
    from palantir.games.strategy_battle import StrategyBattle
    game = StrategyBattle()
    final, record = play_match(game, {"scenario": "weathertop"},
                               [game.heuristic_agent(0, 3), game.heuristic_agent(1, 4)], 3,
                               max_decisions=5000)
    assert final.is_over()
    actions = [e["action"] for e in record.events if "action" in e]
    assert any(a.startswith("cast") for a in actions)
    assert any(a.startswith("resist") for a in actions)
    again = replay(GameRecord.loads(record.dumps()))
    assert again.view(0) == final.view(0)
