"""The Sauron expansion (rules/lotr-board-game-sauron-expansion.txt): Preparation, Playing
as Sauron, Exceptions, Start of Each Turn, Sauron Event Tokens, the Black Rider, Do Not
Play Cards, End of an Adventure, End of the Game, Special Cases, Variants."""

import json

import pytest

from tests.support.positions.board import (GAME, PARTS, die, draw, more, refused, run,
                                           sauron_setup, setup, step, table, tile)
from palantir.agents.random_agent import RandomAgent
from palantir.engine.match import play_match
from palantir.games.lotr_board_game import render
from palantir.games.lotr_board_game.phases import sauron

SAURON = {"expansion": "sauron"}


def test_preparation_sauron_is_the_last_seat_with_two_cards_and_two_nazgul_face_up():
    state = table(board="moria", options=SAURON, dice=sauron_setup())
    assert state.players == 3 and state.sauron_seat == 2
    assert GAME.players_of(GAME.validate_options({"players": 4, **SAURON})) == 5
    assert state.sauron_hand == ["sauron-1", "sauron-6"]
    assert state.nazgul_up == ["nazgul-1", "nazgul-9"]
    # Revealed: the setup draws are public outcomes.
    assert all(roll.seen_by is None for roll in state.dice.log)
    assert state.rider == 15 and not state.rider_returning
    # New Gandalf cards: Protection added, the original Foresight discarded.
    assert "protection" in state.gandalf_left and "foresight" not in state.gandalf_left
    # Sauron event tokens in the bag: 23 + 4.
    assert sum(state.tiles.values()) == 27
    # Start of each turn: Sauron is asked before the first tile.
    assert state.question == ("sauron-start", 2, 0)


def test_start_of_each_turn_the_hobbit_chooses_one_symbol_rulebook_example():
    # "you must choose either your hobbit moving one step toward the darkness, or
    # discarding one card. (If you have no cards, you must move one step.)"
    state = table(board="moria", options=SAURON, hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-1") + [tile("fighting")])
    step(state, "sauron sauron-19")
    assert state.question == ("sauron-symbol", 0, "sauron-19")
    assert state.legal_actions() == ["suffer darkness", "suffer discard-card"]
    step(state, "suffer discard-card")
    assert state.hands[0] == [] and state.positions[0] == 0
    assert state.revealed == ["fighting"]  # then the turn goes on with a tile
    state = table(board="moria", options=SAURON, hands=[[], []],
                  dice=sauron_setup("sauron-19", "sauron-1") + [tile("fighting")])
    step(state, "sauron sauron-19")
    assert state.positions[0] == 1 and state.revealed == ["fighting"]


def test_start_of_each_turn_sauron_may_draw_one_card_seen_by_him_only():
    state = table(board="moria", options=SAURON,
                  dice=sauron_setup() + [("sauron card", "sauron-13"), tile("fighting")])
    step(state, "draw")
    assert state.sauron_hand == ["sauron-1", "sauron-13", "sauron-6"]
    assert state.dice.log[-2].seen_by == (2,)
    assert state.view(0)["sauron_hand"] is None and state.view(0)["sauron_hand_size"] == 3
    assert "sauron-13" not in json.dumps(state.view(0))
    assert state.view(2)["sauron_hand"] == state.sauron_hand


def test_playing_as_sauron_instead_of_a_roll_the_whole_card_rulebook_example():
    # "your hobbit moves one step ... and you must discard ... (If you have fewer than
    # two cards, discard what you have, without any additional effects.)"
    state = table(board="moria", options=SAURON, hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-23"), run=False)
    state = setup(state, queue=[("roll", 0)])
    run(state)
    assert state.question == ("sauron-call", 2, 0, None)
    step(state, "sauron sauron-23")  # discard a card, discard a card
    assert state.hands[0] == [] and state.positions[0] == 0
    assert "sauron-23" in state.sauron_discards


def test_playing_as_sauron_called_instead_of_a_roll_he_may_draw_up_to_six():
    state = table(board="moria", options=SAURON, run=False,
                  dice=sauron_setup() + [("sauron card", f"sauron-{k}") for k in (2, 3, 4, 5)])
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "refill")
    assert len(state.sauron_hand) == 6 and state.positions[0] == 0
    drawn = [roll for roll in state.dice.log if roll.die == "sauron card"][2:]
    assert len(drawn) == 4 and all(roll.seen_by == (2,) for roll in drawn)


def test_playing_as_sauron_discards_any_number_of_cards_before_drawing_up_to_six():
    # "Before drawing, you may discard any number of cards from your hand."
    state = table(board="moria", options=SAURON, run=False,
                  dice=sauron_setup("sauron-1", "sauron-6")
                  + [("sauron card", f"sauron-{k}") for k in (2, 3, 4, 5, 7, 8)])
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "refill sauron-1")
    assert state.question == ("sauron-refill", 2, 0, None)
    assert state.legal_actions() == ["refill", "refill sauron-6"]  # no card played now
    assert state.decision_audience("refill sauron-6") == (2,)
    step(state, "refill sauron-6")
    assert state.sauron_hand == [] and state.legal_actions() == ["refill"]
    step(state, "refill")
    assert len(state.sauron_hand) == 6 and {"sauron-1", "sauron-6"} <= set(state.sauron_discards)
    assert state.view(0)["sauron_hand"] is None


def test_exceptions_sam_chooses_one_symbol_of_a_card_played_instead_of_a_roll():
    state = table(board="moria", options=SAURON, hands=[[], ["white-joker"]],
                  dice=sauron_setup("sauron-19", "sauron-1"), run=False)
    state = setup(state, queue=[("roll", 1)])
    run(state)
    step(state, "sauron sauron-19")
    assert state.question == ("sauron-symbol", 1, "sauron-19")
    step(state, "suffer darkness")
    assert state.positions[1] == 1 and state.hands[1] == ["white-joker"]


def test_exceptions_putting_on_the_ring_rolls_the_die_not_sauron():
    state = table(board="moria", options=SAURON, run=False,
                  dice=sauron_setup() + [die("blank")])
    state = setup(state, queue=[("ring", "hiding")])
    run(state)
    assert state.tracks["hiding"] == 4 and state.dice.log[-1].die == "threat die"


def test_black_rider_meets_the_ring_bearer_turns_reveals_a_nazgul_and_calls_sauron():
    state = table(board="moria", options=SAURON, positions=[4, 0],
                  dice=sauron_setup("sauron-6", "sauron-13") + [("nazgul card", "nazgul-3")],
                  rider=6, run=False)
    state = setup(state, queue=[("effect", ("black-rider", 3), None)])
    run(state)
    # It stops on the Ring-bearer's space and turns back towards Mordor.
    assert state.rider == 4 and state.rider_returning
    assert "nazgul-3" in state.nazgul_up
    assert state.question == ("sauron-call", 2, 0, None)


def test_black_rider_the_ring_bearers_own_move_does_not_stop_on_its_space():
    # "If the Ring-bearer's action results in an encounter, the Ring-bearer does not stop
    # on the same space as the Black Rider": he moves his full steps, the Rider stays.
    state = table(board="moria", options=SAURON, positions=[5, 0],
                  dice=sauron_setup("sauron-6", "sauron-13") + [("nazgul card", "nazgul-3")],
                  rider=6, run=False)
    state = setup(state, queue=[("effect", ("darkness", 3, "ring-bearer"), None)])
    run(state)
    assert state.positions[0] == 8 and state.rider == 6 and state.rider_returning
    assert state.question == ("sauron-call", 2, 0, None)


def test_black_rider_back_in_mordor_after_the_encounter_the_eye_of_sauron_ends_the_game():
    state = table(board="moria", options=SAURON, dice=sauron_setup(), rider=13,
                  rider_returning=True, run=False)
    state = setup(state, queue=[("effect", ("black-rider", 2), None)])
    run(state)
    assert state.result == "lost" and "Eye of Sauron" in state.lost_because
    assert state.outcome().winners == (2,)


def test_do_not_play_cards_the_black_rider_up_to_three_steps_away_not_past_15():
    state = table(board="moria", options=SAURON, rider=13, dice=sauron_setup() + [
        ("sauron card", "sauron-13"), tile("fighting")])
    step(state, "draw")  # Sauron draws at the turn's start
    assert [a for a in state.legal_actions() if a.startswith("rider")] == ["rider 1", "rider 2"]
    step(state, "rider 2")
    assert state.rider == 15


def test_start_of_each_turn_a_nazgul_card_corner_then_incident():
    state = table(board="moria", options=SAURON, hands=[[], []],
                  dice=sauron_setup(nazgul=("nazgul-1", "nazgul-8")) + [tile("fighting")])
    step(state, "nazgul nazgul-8")  # corner: Sauron 1; incident: fewer than 2 cards
    assert state.sauron == 11 and state.positions == [1, 1]
    assert state.nazgul_discards == ["nazgul-8"]


def test_nazgul_example_one_of_the_players_discards_5_symbols_alone():
    # Expansion, Sauron's Actions at the Start of Each Turn, the Nazgûl card's example:
    # "your hobbit advances one step along the Temptation track, so one of the players
    # must voluntarily discard 5 symbols (or stars) from hand, otherwise Sauron advances
    # two steps toward the hobbits" (issue 13, item 10: the data made it a group cost).
    card = {c.id: c for c in PARTS.nazgul_cards}["nazgul-1"]
    assert card.incident.ask == "one"
    three = ["grey-fighting", "white-joker", "white-travelling"]
    state = table(board="moria", options=SAURON, hands=[list(three), ["grey-hiding",
                  "white-friendship", "white-joker"]],
                  dice=sauron_setup(nazgul=("nazgul-1", "nazgul-8")) + [tile("fighting")])
    sauron_at = state.sauron
    step(state, "nazgul nazgul-1")
    assert state.positions == [1, 0]  # the corner: the active player's hobbit, darkness 1
    # Six symbols between them, but neither holds five: each offers all he has, alone.
    for seat in (0, 1):
        while state.question == ("give", seat) and state.legal_actions() != ["pass"]:
            step(state, state.legal_actions()[0])
        assert state.question == ("give", seat)
        step(state, "pass")
    assert state.sauron == sauron_at - 2
    assert state.hands[0] == three and len(state.hands[1]) == 3  # gifts not paid go back


def test_gandalf_protection_ignores_a_nazgul_card_and_its_incident():
    state = table(board="moria", options=SAURON, hands=[[], []], runes=[5, 0],
                  dice=sauron_setup(nazgul=("nazgul-1", "nazgul-8")) + [tile("fighting")])
    step(state, "nazgul nazgul-8", "gandalf protection", *["give rune"] * 5)
    assert state.sauron == 12 and state.positions == [0, 0]


def test_end_of_an_adventure_the_rider_returns_to_15_and_a_nazgul_card_is_revealed():
    state = table(board="moria", options=SAURON, dice=sauron_setup() + [
        ("nazgul card", "nazgul-5"), draw("frodo", "white-joker"), draw("frodo", "white-joker")],
                  rider=4, rider_returning=True, run=False)
    state = setup(state, queue=[("scenario-end",)])
    run(state)
    assert state.rider == 15 and not state.rider_returning
    assert state.nazgul_up == ["nazgul-1", "nazgul-9", "nazgul-5"]


def test_end_of_the_game_at_the_crack_sauron_draws_to_six_and_is_called_instead_of_rolls():
    # Mordor, the fourth conflict board, gets no resource tokens (Resources).
    state = table(board="mordor", options=SAURON, hands=[["white-travelling"], []],
                  dice=sauron_setup(tokens=()) + [("sauron card", f"sauron-{k}") for k in (2, 3, 4, 5, 7)],
                  run=False)
    state = setup(state, tracks={"travelling": 13})
    state = setup(state, queue=[("advance", "travelling", 1, True)])
    run(state)
    # The Crack of Doom space: roll + rune; the roll is a call to Sauron.
    assert state.question == ("sauron-call", 2, 0, None)
    step(state, "sauron sauron-1")  # Black Rider 2: searching, to 13
    assert state.ring_bearer is None and state.at_crack
    # Still searching: moved to 0, it must ride back to Mordor.
    assert state.rider == 0 and state.rider_returning
    assert len(state.sauron_hand) == 6
    assert state.question == ("sauron-call", 2, 0, "doom")
    step(state, "sauron sauron-2")  # Black Rider 2: back to 2
    assert state.rider == 2
    assert state.result == "won" and state.outcome().winners == (0, 1)
    assert state.outcome().details["fellowship_won"] is True  # the analysis's win rate


def test_special_cases_the_sauron_deck_runs_out_the_discards_are_shuffled():
    state = table(board="moria", options=SAURON, dice=sauron_setup(), run=False)
    state = setup(state, sauron_deck=[])  # every card left is discarded, sauron-13 too
    more(state, ("sauron card", "sauron-13"))
    sauron.sauron_draw(state, 1)
    assert state.sauron_hand == ["sauron-1", "sauron-13", "sauron-6"]


def test_variants_the_game_ends_at_the_first_elimination_and_the_rider_starts_on_12():
    state = table(board="moria", options={**SAURON, "first_elimination": True,
                                          "black_rider": "12"},
                  dice=sauron_setup(), positions=[0, 11], run=False)
    assert state.rider == 12
    state = setup(state, queue=[("effect", ("darkness", 1, "payer"), 1)])
    run(state)
    assert state.result == "lost" and "first elimination" in state.lost_because


def test_sauron_event_tokens_the_active_player_calls_sauron():
    state = table(board="moria", options=SAURON,
                  dice=sauron_setup() + [("sauron card", "sauron-13"),
                                         tile("active-calls-sauron")])
    step(state, "draw")
    assert state.question == ("sauron-call", 2, 0, None)


@pytest.mark.parametrize("seed,players", [(31, 2), (32, 4)])
def test_random_games_with_sauron_end_and_hide_his_hand(seed, players):
    def check(state, seat, action):
        for who in range(players):
            view = state.view(who)
            assert view["sauron_hand"] is None
            assert view["hand"] is not None
        assert state.view(players)["sauron_hand"] == state.sauron_hand

    agents = [RandomAgent(s, seed + s) for s in range(players + 1)]
    state, record = play_match(GAME, {"players": players, **SAURON}, agents, seed,
                               on_step=check)
    assert state.is_over()
    for event in record.excerpt(0).events:
        if event.get("die") == "sauron card" and event.get("seen_by") == [players]:
            assert event["face"] == "?"


def test_playing_as_sauron_the_hobbit_chooses_the_life_token_he_discards():
    # Playing as Sauron: "The Fellowship member must discard any one life token."
    state = table(board="moria", options=SAURON, dice=sauron_setup("sauron-25", "sauron-1"),
                  run=False, life=[{"ring": 2, "heart": 1, "sun": 0}, {"ring": 0, "heart": 0,
                                                                       "sun": 0}])
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "sauron sauron-25")
    assert state.question == ("life-token", 0, 1) and state.to_move() == 0
    assert state.legal_actions() == ["lose ring", "lose heart"]
    before = dict(state.life[0])
    with pytest.raises(Exception, match="discards any one life token"):
        state.apply("lose sun")
    assert state.life[0] == before
    step(state, "lose heart")
    assert state.life[0] == {"ring": 2, "heart": 0, "sun": 0}


def test_playing_as_sauron_one_kind_of_life_token_is_discarded_without_asking():
    state = table(board="moria", options=SAURON, dice=sauron_setup("sauron-25", "sauron-1"),
                  run=False, life=[{"ring": 0, "heart": 0, "sun": 2}, {"ring": 0, "heart": 0,
                                                                       "sun": 0}])
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "sauron sauron-25")
    assert state.life[0]["sun"] == 1 and state.question != ("life-token", 0, 1)


def test_gandalf_foresight_bag_five_tokens_face_up_used_in_any_order():
    # Gandalf – "Foresight" (bag variant): "draw five and place them face up. The players
    # then use these tokens in any order, rather than drawing from the bag".
    five = ["event", "hiding", "ring-bearer-darkness", "fighting", "event"]
    state = table(board="moria", options=SAURON, runes=[5, 0], run=False,
                  dice=sauron_setup() + [tile(t) for t in five])
    assert "foresight-bag" in state.gandalf_left and "foresight" not in state.gandalf_left
    state = setup(state, queue=[("window", "turn-start", None, 0, ()), ("reveal",), ("act",)])
    run(state)
    step(state, "gandalf foresight-bag", *["give rune"] * 5)
    assert sorted(state.foreseen) == sorted(five) and state.foreseen_free
    assert state.question == ("use-token", 0)
    assert state.legal_actions() == ["use event", "use fighting", "use hiding",
                                     "use ring-bearer-darkness"]
    step(state, "use ring-bearer-darkness")
    assert state.positions[0] == 1 and state.question == ("use-token", 0)
    step(state, "use hiding")  # an activity tile ends the revealing
    assert state.revealed == ["ring-bearer-darkness", "hiding"]
    assert sorted(state.foreseen) == ["event", "event", "fighting"]
    assert state.view(1)["foreseen"] == state.foreseen  # face up: public
    assert state.dice.remaining() == 0  # the five were drawn at once, none since


def dealt(*cards):
    """The scripted deal of the character cards, one to each table seat in turn."""
    return [("character card", c) for c in cards]


def test_preparation_characters_dealt_at_random_one_to_each_player():
    # Preparation: "Alternatively, use the Sauron card together with a hobbit card: deal
    # one card to each player at random."
    options = GAME.validate_options({"players": 3, **SAURON, "deal_characters": True})
    from palantir.engine import ScriptedDice
    state = GAME.new_state(options, ScriptedDice(
        dealt("sam", "sauron", "frodo", "pippin") + sauron_setup(tokens=())
        + [draw("frodo", "white-joker")] * 6 + [draw("pippin", "white-hiding")] * 6
        + [draw("sam", "white-fighting")] * 6))
    assert [r.face for r in state.dice.log[:4]] == ["sam", "sauron", "frodo", "pippin"]
    assert all(r.seen_by is None for r in state.dice.log[:4])  # dealt face up
    # The hobbits keep the table's clockwise order; Sauron sits where his card went.
    assert state.characters == ("sam", "frodo", "pippin") and state.table_seats == [0, 2, 3, 1]
    view = state.view(None)
    assert render.seat_names(view) == ["Sam", "Sauron", "Frodo", "Pippin"]
    assert view["ring_bearer"] == 1 and view["characters"][1] == "frodo"  # Frodo bears it
    # Bag End's six cards each, from the Ring-bearer clockwise: each draw is seen by the
    # table seat of its drawer (Frodo 2, Pippin 3, Sam 0).
    draws = [r.seen_by for r in state.dice.log if r.die == "hobbit card"]
    assert draws == [(2,)] * 6 + [(3,)] * 6 + [(0,)] * 6
    assert state.to_move() == 2  # Preparations: the Ring-bearer may roll
    assert state.view(2)["hand"] == state.hands[1] and state.view(2)["rules_seat"] == 1
    assert state.view(1)["sauron_hand"] == state.sauron_hand
    assert state.view(3)["sauron_hand"] is None and state.view(3)["hand"] == state.hands[2]


def test_preparation_dealt_characters_a_whole_game_seats_outcome_and_excerpts():
    options = GAME.validate_options({"players": 3, **SAURON, "deal_characters": True})
    agents = [RandomAgent(s, 70 + s) for s in range(4)]

    def check(state, seat, action):
        for table_seat in range(4):
            view = state.view(table_seat)
            rules = state.rules_seat(table_seat)
            assert view["rules_seat"] == rules
            if rules == state.sauron_seat:
                assert view["hand"] is None and view["sauron_hand"] == state.sauron_hand
            else:
                assert view["hand"] == state.hands[rules] and view["sauron_hand"] is None

    state, record = play_match(GAME, options, agents, 7, on_step=check)
    sauron_at = state.table_seats[state.sauron_seat]
    assert sauron_at != 3  # seed 7 deals the Sauron card elsewhere than the last seat
    outcome = state.outcome()
    assert outcome.details["sauron_seat"] == sauron_at  # not the last seat: named
    assert outcome.winners in ((sauron_at,), tuple(s for s in range(4) if s != sauron_at))
    payoffs = GAME.search_payoffs(outcome, 4)
    assert payoffs[sauron_at] == 1.0 - payoffs[(sauron_at + 1) % 4]
    # Sauron's draws are hidden from every table seat but his.
    for seat in range(4):
        for raw, shown in zip(record.events, record.excerpt(seat).events):
            if raw.get("die") == "sauron card" and raw.get("seen_by") == [sauron_at]:
                assert (shown["face"] == "?") == (seat != sauron_at)


def test_sauron_event_tokens_one_player_calls_sauron_or_sauron_moves_one_step():
    # "One player must call the Sauron player instead of rolling the threat die, or the
    # Sauron figure moves one step toward the hobbits."
    state = table(board="moria", options=SAURON,
                  dice=sauron_setup() + [("sauron card", "sauron-13"),
                                         tile("one-calls-sauron-or-sauron")])
    step(state, "draw")
    assert state.question == ("give", 0) and state.legal_actions() == ["take", "pass"]
    step(state, "pass", "take")  # Frodo declines; Sam calls Sauron
    assert state.question == ("sauron-call", 2, 1, None) and state.sauron == 12
    state = table(board="moria", options=SAURON,
                  dice=sauron_setup() + [("sauron card", "sauron-13"),
                                         tile("one-calls-sauron-or-sauron"), tile("fighting")])
    step(state, "draw", "pass", "pass")
    assert state.sauron == 11 and state.revealed[-1] == "fighting"


def test_special_cases_the_nazgul_deck_runs_out_no_further_cards_from_it():
    # "If the Nazgûl deck runs out, the Sauron player receives no further cards from it."
    state = table(board="moria", options=SAURON, dice=sauron_setup(), run=False)
    state = setup(state, nazgul_deck=[])
    sauron.reveal_nazgul(state)
    assert state.nazgul_up == ["nazgul-1", "nazgul-9"] and state.dice.remaining() == 0


def test_special_options_bag_the_bag_s_foresight_and_sauron_tokens_in_the_original_game():
    # Special Options, Bag: "the other Gandalf card 'Foresight', designed for the bag game,
    # should also be used. The four Sauron event tokens may also be included in the
    # original game to make it harder." Calling Sauron there rolls the die.
    plain = table(board="moria", run=False)
    assert "foresight" in plain.gandalf_left and "foresight-bag" not in plain.gandalf_left
    assert sum(plain.tiles.values()) == 23
    state = table(board="moria", options={"bag": True, "sauron_tokens": True},
                  dice=[tile("active-calls-sauron"), die("darkness-2"), tile("fighting")])
    assert "foresight-bag" in state.gandalf_left and "foresight" not in state.gandalf_left
    assert "protection" not in state.gandalf_left  # the expansion's, not the bag's
    assert sum(state.tiles.values()) == 27 - 2  # two taken: the Sauron token, fighting
    assert state.positions == [2, 0] and state.question[:2] == ("act", 0)


def test_end_of_the_game_and_scoring_search_payoffs_the_lower_the_score_the_better_for_sauron():
    # "The higher the score, the more successful the Fellowship was. The lower the score,
    # the more successful Sauron was": a search's payoffs share that out.
    from palantir.engine.game import Outcome
    lost = Outcome(winners=(3,), summary="", details={"score": 30, "hobbits": 3})
    assert GAME.search_payoffs(lost, 4) == [0.25, 0.25, 0.25, 0.75]
    won = Outcome(winners=(0, 1, 2), summary="", details={"score": 66, "hobbits": 3})
    assert GAME.search_payoffs(won, 4) == [1.0, 1.0, 1.0, 0.0]
    dealt = Outcome(winners=(1,), summary="",
                    details={"score": 30, "hobbits": 3, "sauron_seat": 1})
    assert GAME.search_payoffs(dealt, 4) == [0.25, 0.75, 0.25, 0.25]
    base = Outcome(winners=(), summary="", details={"score": 30, "hobbits": 3})
    assert GAME.search_payoffs(base, 3) == [0.25, 0.25, 0.25]


def test_playing_as_sauron_a_ring_token_runes_and_handing_the_turn_to_sauron():
    # Playing as Sauron, the symbols: "discard a Ring token", "discard the indicated number
    # of runes" (sauron-27: a Ring token and 2 runes), "instead of rolling the threat die,
    # hand the turn to the Sauron player" (sauron-30: that, and the Black Rider 1).
    state = table(board="moria", options=SAURON, run=False, runes=[3, 0],
                  life=[{"ring": 2, "heart": 0, "sun": 0}, {"ring": 0, "heart": 0, "sun": 0}],
                  dice=sauron_setup("sauron-27", "sauron-30"))
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "sauron sauron-27")
    assert state.life[0]["ring"] == 1 and state.runes[0] == 1
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "sauron sauron-30")
    # The Black Rider's window asks nobody; it rides 1; Frodo hands the turn to Sauron.
    assert state.rider == 14
    assert state.question == ("sauron-call", 2, 0, None)


def test_a_sauron_seat_typing_a_hobbit_decision_is_refused_naming_the_rule():
    # Issue 11: `give white-joker` typed by the Sauron seat looked for the card in a
    # hobbit's hand at Sauron's seat number and raised IndexError (a 500 at the web table).
    state = table(board="moria", options=SAURON, hands=[["white-joker"], []],
                  dice=sauron_setup())
    assert state.question == ("sauron-start", 2, 0)
    for text in ("give white-joker", "discard white-joker", "pass white-joker",
                 "give sauron-1", "pass"):
        err = refused(state, text)
        assert err.rule.startswith("Start of each turn")
        assert "not a decision open to Sauron" in err.reason


def test_a_sauron_card_whose_black_rider_ends_the_game_asks_nothing_after_it():
    # Playing as Sauron, the Black Rider: back in Mordor after the encounter, the Eye of
    # Sauron ends the game at once, so the card's next symbol (discard a card) asks nobody
    # (it asked, and the rules then refused the answer: seed 5734 of the heuristic hobbits)
    state = table(board="moria", options=SAURON, dice=sauron_setup(), rider=14,
                  rider_returning=True, hands=[["white-travelling", "grey-hiding"], []],
                  run=False)
    state = setup(state, queue=[("sauron-card", 0, "sauron-10", "all", False)])
    run(state)
    assert state.result == "lost" and "Eye of Sauron" in state.lost_because
    assert state.to_move() is None and state.legal_actions() == []
