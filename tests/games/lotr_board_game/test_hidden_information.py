"""Hidden information (issue 5, 3): a hobbit sees its own hand only, others' hand sizes,
the public boards and discards; a spectator the public part; nobody a pile's order. No
view, narration line, error message or record excerpt of one seat shows another's cards."""

import json
import random
from collections import Counter

import pytest

from tests.support.positions.board import (GAME, PARTS, draw, run, sauron_setup, setup, step,
                                           table, tile)
from palantir.engine.errors import IllegalAction
from palantir.engine.errors import BadRecord
from palantir.engine.record import HIDDEN, replay
from tests.support import random_record

SECRET = ["gimli", "aragorn", "white-joker"]


def cards_named(text):
    """The card ids a text mentions (as whole words or JSON strings)."""
    words = set(text.replace('"', " ").replace(",", " ").replace("@", " ").split())
    return {c for c in PARTS.cards if c in words}


def public_cards(state):
    """Card ids anyone may see: discards, removed cards, board piles, revealed, offered,
    the resource cards face up and the tokens above the tracks (expansion)."""
    seen = set(state.discards) | set(state.removed) | set(state.shown)
    seen |= set(state.resource_pile) | set(state.resource_spaces.values())
    seen |= set(state.tokens_out)  # taken face up (a card token's card is then in a hand)
    for pile in state.board_cards.values():
        seen |= set(pile)
    seen |= {item for _, item in state.pot}
    return seen


def allowed(state, seat):
    """What a seat's view may name: the public cards and its own hand."""
    return public_cards(state) | (set(state.hands[seat]) if seat is not None else set())


def test_view_a_hobbit_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = table(board="moria", hands=[["grey-hiding"], SECRET], dice=[tile("fighting")])
    frodo, sam, spectator = state.view(0), state.view(1), state.view(None)
    assert frodo["hand"] == ["grey-hiding"] and sam["hand"] == sorted(SECRET)
    assert frodo["hand_sizes"] == [1, 3] == spectator["hand_sizes"]
    assert spectator["hand"] is None
    for card in SECRET:
        assert card not in cards_named(json.dumps(frodo))
        assert card not in cards_named(json.dumps(spectator))
    assert "grey-hiding" not in cards_named(json.dumps(sam))


def test_view_no_pile_contents_only_sizes():
    state = table(board="moria", dice=[tile("fighting")])
    view = state.view(0)
    assert view["deck_size"] == 60 and view["tiles_left"] == 22
    assert cards_named(json.dumps(view)) <= public_cards(state)


def test_narration_a_draw_is_named_to_the_drawer_only():
    state = table(board="moria", dice=[tile("fighting"), draw("frodo", "gimli" if False else
                                                                "white-joker"),
                                       draw("frodo", "grey-hiding")])
    step(state, "draw")
    assert any("white-joker" in line for line in state.narration(0))
    assert not any(cards_named(line) for line in state.narration(1))
    assert not any(cards_named(line) for line in state.narration(None))
    assert any("draws 2 cards" in line for line in state.narration(1))


def test_error_messages_do_not_list_the_hand_of_the_seat_asked():
    state = table(board="moria", hands=[[], SECRET], dice=[tile("fighting"),
                                                          draw("frodo", "grey-hiding"),
                                                          draw("frodo", "grey-hiding"),
                                                          tile("fighting")])
    step(state, "draw")
    assert state.to_move() == 1
    with pytest.raises(IllegalAction) as err:
        state.apply("pass")
    assert cards_named(str(err.value)) == set()


def test_council_the_card_passed_face_down_is_seen_by_passer_and_receiver_only():
    state = table(board="rivendell", hands=[["grey-hiding"], ["white-fighting"]], run=False)
    state = setup(state, queue=[("effect", ("pass-left", 1), None)])
    state.run()
    step(state, "pass grey-hiding")
    assert state.view(0).get("council_card") == "grey-hiding"
    assert "council_card" not in state.view(1) and state.view(1)["council_chosen"] == [0]
    assert "grey-hiding" not in cards_named(" ".join(state.narration(1)))
    step(state, "pass white-fighting")
    assert any("grey-hiding" in line for line in state.narration(1))
    assert not any("grey-hiding" in line for line in state.narration(None))


def random_game(seed, players, options=None):
    options = GAME.validate_options({"players": players, **(options or {})})
    seats = GAME.players_of(options)
    seen = []

    def check(state, seat, action):
        for who in list(range(players)) + [None]:
            view_cards = cards_named(json.dumps(state.view(who)))
            assert view_cards <= allowed(state, who), (who, view_cards - allowed(state, who))
        if state.expansion:
            # Sauron's seat sees no hobbit's hand either.
            view_cards = cards_named(json.dumps(state.view(players)))
            who = None
            assert view_cards <= allowed(state, who), (who, view_cards - allowed(state, who))
        # Lines every seat reads name only public cards: played, given, revealed, or a
        # track's or an event's reward received in the open.
        for line in state.narration(None):
            named = cards_named(line)
            assert named <= public_cards(state) or "receives" in line, line
        # A line for one seat only reaches that seat.
        # (Two seats may each be told the same words, "you draw white-joker", privately.)
        for other in list(range(seats)) + [None]:
            own = Counter(line for who, line in state.news if who is None or who == other)
            assert Counter(state.narration(other)) == own, other
        seen.append(seat)

    return random_record(GAME, options, seed, on_step=check)


@pytest.mark.parametrize("seed,players,options", [
    (1, 2, None), (2, 3, None), (3, 5, None),
    # The expansion's resource cards and Fellowship cards, the Dark Events, the Two
    # Special Cards: the same guarantee.
    (14, 3, {"expansion": "sauron"}), (12, 5, {"expansion": "sauron"}),
    (9, 2, {"expansion": "sauron", "dark_events": True, "special_cards": True})])
def test_random_games_no_view_shows_another_seat_s_hidden_cards(seed, players, options):
    state, record = random_game(seed, players, options)
    assert state.is_over()
    if state.expansion:
        # These games met the new cards: tokens taken, resource cards into hands.
        assert len(state.tokens_out) >= 7 and len(state.resource_pile) <= 3


def test_record_excerpt_hides_other_seats_draws_and_council_passes():
    state, record = random_game(4, 3)
    private = [e for e in record.events if "seen_by" in e]
    assert any("die" in e for e in private)
    assert any(e.get("action", "").startswith("pass ") for e in private)
    for seat in (0, 1, 2, None):
        shown = record.excerpt(seat).events
        assert len(shown) == len(record.events)
        for raw, event in zip(record.events, shown):
            if "seen_by" in raw and seat not in raw["seen_by"]:
                key = "face" if "die" in raw else "action"
                assert event[key] == HIDDEN
            else:
                assert event == raw
    # Draws are seen by their drawer only; a Council pass by its passer only; Miruvor's
    # card by its giver and receiver.
    characters = state.characters
    for event in private:
        if "die" in event:
            assert len(event["seen_by"]) == 1
        elif event["action"].startswith("yellow miruvor"):
            receiver = characters.index(event["action"].partition("@")[2])
            assert event["seen_by"] == sorted({event["seat"], receiver})
        else:
            assert event["action"].startswith("pass ")
            assert event["seen_by"] == [event["seat"]]


def test_record_replays_with_the_audiences_checked():
    state, record = random_game(6, 3)
    again = replay(record)
    assert again.outcome().to_json() == record.result
    # A draw's audience changed in the record no longer fits the rules.
    index = next(i for i, e in enumerate(record.events) if "seen_by" in e and "die" in e)
    record.events[index]["seen_by"] = [0, 1, 2]
    with pytest.raises(BadRecord, match="shows this outcome to"):
        replay(record)


def test_view_sauron_cards_discarded_before_drawing_are_his_alone():
    # Playing as Sauron: "Before drawing, you may discard any number of cards" — face down
    # and never shown: only the cards he played are known to the hobbits.
    state = table(board="moria", options={"expansion": "sauron"}, run=False,
                  dice=sauron_setup("sauron-1", "sauron-6")
                  + [("sauron card", f"sauron-{k}") for k in (2, 3, 4, 5, 7)])
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "refill sauron-1", "refill")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert "sauron-1" not in json.dumps(view)
        assert view["sauron_secret_discards"] == 1 and view["sauron_discards"] == []
    assert state.view(2)["sauron_discards"] == ["sauron-1"]
    # A search from a hobbit's view accounts for the secret card without knowing it.
    sample = GAME.sample_state(state.view(0), random.Random(3))
    assert sample.view(0) == state.view(0) and len(sample.sauron_secret) == 1
    assert sorted(sample.sauron_deck + sample.sauron_hand + sample.sauron_discards) == \
        sorted(c.id for c in sample.parts.sauron_cards)
