"""Heroes in fights and under fire: Might, secret bids, Fate; and shielding ('Heroes', 'Shields')."""

import pytest

from palantir.engine.dice import ScriptedDice
from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle.notation import parse

from tests.support.positions.sbg import ORC, ORC_BOW, ROHAN, battle, mark, rolls

R = 12.5 / 25.4
D = 2 * R
ARAGORN = "Aragorn (Strider)"
LURTZ = "Lurtz"
URUK = "Mordor Uruk-hai with sword"          # no shield: no shielding question


def to_fight(state):
    for _ in range(4):
        state.apply("done")
    return state


def test_might_a_hero_raises_his_own_die_after_both_sides_have_rolled():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["2", "2", "1", "4", "6", "3", "3"]))
    state.apply("fight G1")
    # Aragorn's best is 2 against the Uruk's 4: he is asked, and spends 2 to make it 4
    assert state.question == {"kind": "might", "side": "good"} and state.to_move() == 0
    # 3 Might and, as a Mighty Hero, one free point this turn
    with pytest.raises(IllegalAction, match="has 4 Might"):
        state.apply("might G1 5")
    state.apply("might G1 2")
    # 4 against 4: Fight 6 beats 4 without a tie roll; the first strike (6) slays the Uruk
    assert "E1" not in state.models
    # the free point went first: one point of the store is spent (a new turn has begun and
    # brought a new free point)
    assert state.models["G1"].might == 2
    assert [d for d, _ in rolls(state)][:5] == ["duel G1"] * 3 + ["duel E1", "wound E1"]


def test_might_only_on_the_heros_own_dice():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("G2", "Boromir", 20, 20), ("E2", ORC, 40, 40)],
                            dice=["1", "1", "1", "4"]))
    state.apply("fight G1")
    with pytest.raises(IllegalAction, match="own dice"):
        state.apply("might G2 3")


def test_might_no_question_when_the_hero_already_wins():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["5", "1", "1", "4", "6", "3", "3"]))
    state.apply("fight G1")
    assert "E1" not in state.models and state.models["G1"].might == 3


def test_might_on_a_wound_roll_adds_to_the_die():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["6", "1", "1", "2", "4", "3", "3"]))
    state.apply("fight G1")
    # S4 against the Uruk's D5 needs a 5: the 4 misses, and Aragorn may spend Might on it
    assert state.question == {"kind": "might", "side": "good", "for": "wound"}
    state.apply("might G1 1")
    assert "E1" not in state.models and state.models["G1"].might == 3   # the free point


def test_might_opposing_heroes_bid_in_secret_then_reveal():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", LURTZ, 10 + D, 10),
                             ("E2", ORC, 40, 40)],
                            dice=["3", "2", "1", "4", "2"] + ["1"] * 3 + ["3", "3"]))
    state.apply("fight G1")
    assert state.question == {"kind": "bid", "side": "good"}      # priority bids first
    state.apply("might G1 2")
    assert state.question == {"kind": "bid", "side": "evil"}
    assert state.view(1)["combat"]["bids"] == {"good": "hidden"}  # Evil cannot see it
    assert state.view(0)["combat"]["bids"] == {"good": ["G1", 2]}
    rebuilt = state.clone(ScriptedDice([]))
    rebuilt.restore(state.view(1))
    assert rebuilt.combat["bids"] == {"good": [None, 0]}       # a guess: nothing bid
    state.apply("might E1 1")
    # revealed: Aragorn 3+2 = 5 against Lurtz 4+1 = 5; Fight 6 beats 5
    assert state.models["G1"].might == 2 and state.models["E1"].might == 2
    assert any("best 5 v 5, Fight 6 v 5: good wins" in n for n in state.news)
    assert state.dice.remaining() == 0


def test_fate_a_wounded_hero_rolls_4_or_more_to_recover():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["1", "1", "1", "6", "6", "4", "3", "3"]))
    state.apply("fight G1")
    state.apply("pass")                          # no Might to win the duel
    assert state.question == {"kind": "fate", "side": "good", "target": "G1"}
    state.apply("fate G1")
    assert state.models["G1"].wounds == 3 and state.models["G1"].fate == 2


def test_fate_a_failed_roll_may_be_followed_by_another_or_the_wound_taken():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["1", "1", "1", "6", "6", "2", "3", "3"]))
    state.apply("fight G1")
    state.apply("pass")
    state.apply("fate G1")                       # a 2: Aragorn may raise it with Might
    assert state.question == {"kind": "roll", "side": "good", "model": "G1", "for": "Fate",
                              "score": 2, "might": [2], "reroll": False, "room": 4}
    state.apply("pass")                          # no luck
    assert state.question["kind"] == "fate" and state.models["G1"].fate == 2
    with pytest.raises(IllegalAction, match="the wound is on G1"):
        state.apply("fate E1")
    state.apply("pass")
    assert state.models["G1"].wounds == 2


def test_might_on_a_fate_roll_raises_a_failed_die_to_four():
    # 'Using Might, Will & Fate Together': "Might can be used to adjust Will or Fate dice rolls"
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["1", "1", "1", "6", "6", "3", "3", "3"]))
    state.apply("fight G1")
    state.apply("pass")
    state.apply("fate G1")                       # a 3: one point of Might makes it 4
    with pytest.raises(IllegalAction, match="has 4 Might"):
        state.apply("might G1 5")
    with pytest.raises(IllegalAction, match="only he may spend Might"):
        state.apply("might E1 1")
    state.apply("might G1 1")
    assert state.models["G1"].wounds == 3 and state.models["G1"].fate == 2
    assert any("rolled 3, 4 with Might: the wound is recovered" in n for n in state.news)


def test_fate_against_a_shot():
    state = battle([("G1", ARAGORN, 20, 10), ("E1", ORC_BOW, 10, 10), ("E2", ORC, 40, 40)],
                   dice=["6", "6", "5"])
    for _ in range(3):
        state.apply("done")
    state.apply("shoot E1 G1")
    state.apply("fate G1")
    assert state.models["G1"].wounds == 3 and state.question is None


def test_shielding_two_dice_per_attack_and_no_blows_if_it_wins():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["1", "5", "4", "3", "3"]))
    state.apply("fight G1")
    assert state.question == {"kind": "shield", "side": "good"}
    state.apply("shield on")
    assert [d for d, _ in rolls(state)][:3] == ["duel G1", "duel G1", "duel E1"]
    assert "E1" in state.models and not any(d.startswith("wound") for d, _ in rolls(state))
    assert any("shielding: no blows" in n for n in state.news)


def test_shielding_only_if_every_warrior_of_the_side_has_a_shield():
    state = to_fight(battle([("G1", ROHAN, 10, 10), ("G2", "Warrior of Rohan with bow", 10, 10 + 2 * D),
                             ("E1", URUK, 10, 10 + D), ("E2", ORC, 40, 40)],
                            dice=["1", "1", "6", "3", "3", "3"]))
    state.apply("fight E1")
    assert state.question is None or state.question["kind"] != "shield"


def test_hero_notation_round_trips():
    for text in ("shield on", "shield off", "might G1 2", "fate G1", "pass"):
        assert str(parse(text)) == text


def test_mighty_hero_one_free_point_of_might_each_turn_spent_first():
    state = battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 40, 40)], dice=["3", "4"])
    aragorn = state.models["G1"]
    assert (aragorn.might, aragorn.free_might, aragorn.might_left) == (3, 1, 4)
    aragorn.spend_might(2)
    assert (aragorn.might, aragorn.free_might) == (2, 0)
    for _ in range(4):
        state.apply("done")                   # no fights: the turn ends
    assert state.turn == 2 and aragorn.free_might == 1 and aragorn.might == 2


def test_might_a_secret_bid_is_read_only_by_its_bidder_in_the_record_until_revealed():
    from palantir.engine.record import HIDDEN, replay
    from palantir.games.strategy_battle import StrategyBattle
    from palantir.games.strategy_battle.heuristics import HeuristicAgent
    from palantir.engine.match import play_match

    game = StrategyBattle()
    pending = []

    def watch(state, seat, action):
        # 'Might': while one bid is in, the other seat's view must not depend on it
        if state.question is not None and state.question["kind"] == "bid" \
                and len(state.combat["bids"]) == 1:
            bidder = next(iter(state.combat["bids"]))
            other = 1 - state.seat_of(bidder)
            changed = state.clone()
            hero = state.combat["bids"][bidder][0]
            changed.combat["bids"][bidder] = [None, 0] if hero else ["X", 3]
            assert changed.view(other) == state.view(other)
            assert changed.view(other)["combat"]["bids"][bidder] == "hidden"
            assert state.view(1 - other)["combat"]["bids"][bidder] != "hidden"
            pending.append(bidder)

    state, record = play_match(game, {"scenario": "amon_hen", "heroic_actions": False},
                               [HeuristicAgent(0, 0), HeuristicAgent(1, 0)], 0, on_step=watch)
    assert pending, "the game saw no secret bid"
    bids = [(i, e) for i, e in record.decisions() if "seen_by" in e]
    assert bids and all(len(e["seen_by"]) == 1 and e["seen_by"] == [e["seat"]]
                        for _, e in bids)
    for i, event in bids:
        mine, theirs = record.excerpt(event["seat"]), record.excerpt(1 - event["seat"])
        assert mine.events[i]["action"] == event["action"] != HIDDEN
        assert theirs.events[i]["action"] == HIDDEN
        assert record.excerpt(None).events[i]["action"] == HIDDEN
    # other decisions are public
    public = [i for i, e in record.decisions() if "seen_by" not in e]
    assert all(record.excerpt(1).events[i]["action"] != HIDDEN for i in public)
    # the record replays, its audiences checked against the rules
    again = replay(record, game=game)
    assert again.outcome().to_json() == record.result


def test_might_the_bids_are_revealed_together_once_both_are_in():
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", LURTZ, 10 + D, 10),
                             ("E2", ORC, 40, 40)],
                            dice=["3", "2", "1", "4", "2"] + ["1"] * 3 + ["3", "3"]))
    state.apply("fight G1")
    assert state.decision_audience(parse("might G1 2")) == (0,)
    state.apply("might G1 2")
    assert state.news == [] and state.narration(1) == []     # nothing said of the bid yet
    assert state.decision_audience(parse("pass")) == (1,)
    state.apply("pass")
    assert "the bids are revealed: good G1 2, evil nothing" in state.news
    # what follows the reveal is public again
    assert state.decision_audience(parse("pass")) is None


def test_might_never_raises_a_duel_die_past_6():
    # 'Might': "no dice can be augmented to more than 6": Aragorn's best 5 against the
    # Uruk's 6 takes one point, not two (issue 14: four points on a 5 were accepted, spent)
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["5", "2", "1", "6", "6", "3", "3"]))
    state.apply("fight G1")
    assert state.question == {"kind": "might", "side": "good"}
    assert [str(a) for a in state.legal_actions()] == ["might G1 1", "pass"]
    with pytest.raises(IllegalAction, match="past 6"):
        state.apply("might G1 2")
    assert state.models["G1"].might_left == 4
    state.apply("might G1 1")
    assert "E1" not in state.models


def test_might_never_raises_a_wound_die_past_6():
    # the strike's 4 needs a 5 against the Uruk's D5: one or two points make it a 5 or 6;
    # a third would be a 7 ('Might')
    state = to_fight(battle([("G1", ARAGORN, 10, 10), ("E1", URUK, 10 + D, 10),
                             ("E2", ORC, 40, 40)], dice=["6", "1", "1", "2", "4", "3", "3"]))
    state.apply("fight G1")
    assert state.question == {"kind": "might", "side": "good", "for": "wound"}
    assert [str(a) for a in state.legal_actions()] == ["might G1 1", "might G1 2", "pass"]
    with pytest.raises(IllegalAction, match="past 6"):
        state.apply("might G1 3")


def test_might_on_another_roll_never_raises_it_past_6():
    # a roll to hit of 1 needing 3 (Legolas): up to five points are room on the die, six not
    state = battle([("G1", "Legolas", 10, 10), ("E1", ORC, 20, 10)], dice=["1", "4"])
    state.apply("done")
    state.apply("done")
    mark(state, "G1", might=6)
    state.apply("shoot G1 E1")
    assert state.question["for"] == "to hit"
    with pytest.raises(IllegalAction, match="past 6"):
        state.apply("might G1 6")
