"""Will and magical powers: casting, resisting, the Hobbits' re-roll, the powers' effects
('Heroes: Will', 'Magical Powers')."""

import pytest

from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle.notation import Cast, parse

from .sbg_table import ORC, ROHAN, battle

R = 12.5 / 25.4
D = 2 * R
GANDALF = "Gandalf the Grey"
WRAITH = "Ringwraith"
FRODO = "Frodo"
URUK = "Mordor Uruk-hai with sword"


def rolls(state):
    return [(r.die, r.face) for r in state.dice.log]


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
    state.models["E1"].immobilised = True
    state.models["G1"].might = 0
    for _ in range(4):
        state.apply("done")
    state.apply("fight G1")
    assert state.question == {"kind": "might", "side": "evil"}
    state.apply("pass")                         # the Captain keeps his Might
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
