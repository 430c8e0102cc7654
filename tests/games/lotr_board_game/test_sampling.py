"""Hidden-hand sampling for ISMCTS (issue 5, 5 and 3): a state built from one seat's view
agrees with everything the seat may see, deals the unseen cards at the shown hand sizes,
keeps offered cards in their givers' hands, and conserves every card."""

import json
import random
from collections import Counter

import pytest

from tests.support.positions.board import GAME, PARTS, all_cards, draw, table, tile
from palantir.engine.dice import SeededDice
from palantir.engine.errors import PalantirError

TOTAL = Counter(PARTS.hobbit_deck) + Counter(c.id for c in PARTS.cards.values()
                                             if not c.is_hobbit_card
                                             and c.id not in PARTS.resource_cards)


def in_play(state):
    """Every card of the game: with the expansion the resource cards are in it too (pile,
    hands, removed)."""
    return TOTAL + (Counter(PARTS.resource_cards) if state.expansion else Counter())


def walk(options, seed, steps):
    """States of a random game, one after each decision."""
    state = GAME.new_state(options, SeededDice(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("options,seed", [({"players": 3}, 5),
                                          ({"players": 4, "expansion": "sauron"}, 6),
                                          ({"players": 3, "dark_events": True,
                                            "special_cards": True}, 7),
                                          ({"players": 3, "expansion": "sauron",
                                            "deal_characters": True}, 8)])
def test_sample_agrees_with_the_view_and_conserves_cards(options, seed):
    rng = random.Random(1)
    for state in walk(options, seed, 120):
        seat = state.to_move()
        view = state.view(seat)
        sample = GAME.sample_state(view, rng)
        assert sample.view(seat) == view
        assert sample.legal_actions() == state.legal_actions()
        assert all_cards(sample) == in_play(state)
        if state.expansion:
            assert sorted(sample.sauron_hand + sample.sauron_deck + sample.sauron_discards) \
                == sorted(sample.sauron_cards)


def test_sample_deals_other_hands_at_random_and_keeps_the_own_hand():
    state = table(players=3, board="moria", hands=[["grey-hiding"], ["gimli", "white-joker"],
                                                   ["grey-fighting"] * 3],
                  dice=[tile("fighting")])
    view = state.view(0)
    hands_seen = set()
    for k in range(20):
        sample = GAME.sample_state(view, random.Random(k))
        assert sample.hands[0] == ["grey-hiding"]
        assert [len(h) for h in sample.hands] == [1, 2, 3]
        hands_seen.add(tuple(sample.hands[1]))
    assert len(hands_seen) > 5  # the other hands are sampled, not copied


def test_sample_legendary_cards_never_go_to_the_deck():
    state = table(players=2, board="moria", hands=[[], ["gimli", "aragorn"]],
                  dice=[tile("fighting")])
    for k in range(10):
        sample = GAME.sample_state(state.view(0), random.Random(k))
        assert all(PARTS.cards[c].is_hobbit_card for c in sample.deck)
        assert sorted(sample.hands[1]) == ["aragorn", "gimli"]  # the only two not on boards


def test_sample_cards_offered_to_a_cost_stay_in_the_givers_hand():
    rng = random.Random(3)
    checked = 0
    for state in walk({"players": 3}, 8, 400):
        if state.pot and state.to_move() is not None:
            seat = state.to_move()
            sample = GAME.sample_state(state.view(seat), rng)
            for giver, item in state.pot:
                if item in PARTS.cards:
                    assert item in sample.hands[giver]
            checked += 1
    assert checked > 0


def test_sample_sauron_hand_is_dealt_for_a_hobbit_and_exact_for_sauron():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(4))
    hobbit_view, sauron_view = state.view(0), state.view(2)
    hands = {tuple(GAME.sample_state(hobbit_view, random.Random(k)).sauron_hand)
             for k in range(10)}
    assert all(len(h) == len(state.sauron_hand) for h in hands) and len(hands) > 1
    assert GAME.sample_state(sauron_view, random.Random(0)).sauron_hand == state.sauron_hand


def test_state_from_view_is_the_same_state_for_the_same_view():
    state = GAME.new_state({"players": 3}, SeededDice(9))
    view = state.view(1)
    one, two = GAME.state_from_view(view, SeededDice(1)), GAME.state_from_view(view, SeededDice(2))
    assert one.hands == two.hands and one.deck == two.deck


def test_the_procedure_in_a_view_names_no_hidden_card():
    state = table(players=2, board="moria", hands=[["grey-hiding"], ["gimli", "white-joker"]],
                  dice=[tile("fighting")])
    text = json.dumps(state.view(0)["procedure"])
    assert "gimli" not in text and "white-joker" not in text


def test_a_view_without_its_procedure_is_refused_by_name():
    view = GAME.new_state({"players": 2}, SeededDice(1)).view(0)
    del view["procedure"]
    with pytest.raises(PalantirError, match="procedure"):
        GAME.sample_state(view, random.Random(0))


def test_determinizer_deals_afresh_each_time_consistently_with_the_view():
    # ISMCTS reads the view once (Determinizer) and redeals the unseen cards per call.
    state = GAME.new_state({"players": 4, "expansion": "sauron"}, SeededDice(9))
    view = state.view(0)
    make = GAME.determinizer(view)
    rng = random.Random(2)
    others = set()
    for _ in range(6):
        sample = make(rng, SeededDice(1, record=False))
        assert sample.view(0) == view
        assert sample.legal_actions() == state.legal_actions()
        assert all_cards(sample) == in_play(state)
        others.add(tuple(map(tuple, sample.hands[1:])) + (tuple(sample.sauron_hand),))
    assert len(others) > 1  # not the same deal every time
    assert make.base.hands[0] == state.hands[0]  # the base is not dealt into


def test_remembered_legal_decisions_are_forgotten_by_apply_and_clone():
    state = frodo_to_act_table()
    legal = state.legal_actions()
    other = state.clone()
    other.hands[0] = ["white-joker"]
    assert other.legal_actions() != legal  # the clone does not reuse the memo
    state.apply("draw")
    assert state.question[:2] == ("act", 1)  # Sam's turn: his own decisions
    assert state.legal_actions() != legal
    assert state.legal_actions() == state.clone().legal_actions()


def frodo_to_act_table():
    state = table(players=2, board="moria",
                  hands=[["grey-hiding", "white-fighting", "white-joker"], ["gimli"]],
                  dice=[tile("fighting"), draw("frodo", "white-joker"),
                        draw("frodo", "white-hiding"), tile("travelling")])
    assert state.question[:2] == ("act", 0)
    return state
