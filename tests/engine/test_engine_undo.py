"""Taking back a decision (issue 10, item 3): one rule, `palantir.engine.undo.undo_problem`,
for the web table and the terminal alike. Undo reveals hidden information unless the rule
refuses a decision that showed some seat what was hidden from it, or completed a secret or
simultaneous choice — a fact the game declares and the record keeps (`"revealed": true`)."""

from __future__ import annotations

import json
import random

import pytest

from palantir.agents import RandomAgent
from palantir.engine import (BadRecord, GameRecord, SeededDice, State, get_game, play_match,
                             replay)
from palantir.engine.game import game_ids
from palantir.engine.record import decision_event
from palantir.engine.undo import undo_problem

from tests.support.positions.sbg import battle

SETUP = [{"die": "black", "face": "T"}]  # dice rolled while the game was set up


def problem(events, seat=0, *, over=False, source="play"):
    return undo_problem(events, seat, over=over, source=source)


def test_only_a_player_may_take_back_a_decision():
    events = SETUP + [decision_event(0, "keep T")]
    assert "only a player" in problem(events, seat=None)
    assert "only a player" in problem(events, source="upload")


def test_nothing_is_taken_back_after_the_end():
    assert "game is over" in problem(SETUP + [decision_event(0, "keep T")], over=True)


def test_nothing_to_take_back_before_the_first_decision():
    assert "nothing to take back" in problem([])
    assert "nothing to take back" in problem(SETUP)


def test_not_once_a_die_is_rolled_or_a_card_drawn_since():
    events = SETUP + [decision_event(0, "draw"), {"die": "hobbit card", "face": "gimli",
                                                  "seen_by": [0]}]
    assert "die has been rolled" in problem(events)


def test_not_once_another_seat_has_acted_since():
    events = SETUP + [decision_event(0, "keep T"), decision_event(1, "keep R")]
    assert "another seat has acted" in problem(events, seat=0)


def test_a_public_decision_may_be_taken_back():
    assert problem(SETUP + [decision_event(0, "keep T")]) is None


def test_not_a_decision_that_revealed_something_hidden_or_completed_a_secret_choice():
    # The last hobbit's face-down Council card: every passed card reaches its receiver.
    events = SETUP + [decision_event(2, "pass gimli", (2,), revealed=True)]
    assert "showed" in problem(events, seat=2)
    assert problem(SETUP + [decision_event(2, "pass gimli", (2,))], seat=2) is None


def test_a_private_decision_only_its_decider_has_read_may_be_taken_back():
    # A face-down card chosen while others have still to choose: nobody else knows it.
    assert problem(SETUP + [decision_event(1, "pass gimli", (1,))], seat=1) is None


def test_not_a_private_decision_another_seat_has_read():
    # Miruvor: the card passed is read by its receiver, who cannot forget it.
    events = SETUP + [decision_event(0, "yellow miruvor gimli@pippin", (0, 2))]
    assert "seat 2 has read" in problem(events, seat=0)


def test_the_flag_is_written_only_when_true_so_other_records_stay_byte_identical():
    assert decision_event(0, "keep T", revealed=False) == {"seat": 0, "action": "keep T"}
    assert decision_event(0, "keep T") == {"seat": 0, "action": "keep T"}
    assert decision_event(1, "pass x", (1,), revealed=True) == {
        "seat": 1, "action": "pass x", "seen_by": [1], "revealed": True}
    record = GameRecord(game="journey-to-mordor", options={"players": 1}, seed=3)
    record.add_decision(0, "keep T")
    record.add_decision(0, "keep R", revealed=False)
    assert record.dumps().splitlines()[1:3] == ['  {"seat": 0, "action": "keep T"},',
                                                 '  {"seat": 0, "action": "keep R"}']


@pytest.mark.parametrize("flag", [False, "yes", 1, None])
def test_a_record_s_revealed_flag_is_true_or_absent(flag):
    doc = {"format": "palantir-record/1", "game": "journey-to-mordor", "options": {},
           "events": [{"seat": 0, "action": "keep T"},
                      {"seat": 0, "action": "keep R", "revealed": flag}]}
    with pytest.raises(BadRecord, match="event 1: field 'revealed'"):
        GameRecord.from_json(doc)
    doc["events"][1]["revealed"] = True
    assert GameRecord.from_json(doc).events[1]["revealed"] is True


def _random_record(game_id, options, seed):
    game = get_game(game_id)
    seats = game.players_of(game.validate_options(options))
    agents = [RandomAgent(s, seed * 10 + s) for s in range(seats)]
    return play_match(game, options, agents, seed)[1]


def test_replay_refuses_a_revealed_flag_the_rules_did_not_give():
    record = _random_record("journey-to-mordor", {"players": 2}, 5)
    doc = json.loads(record.dumps())
    first = next(i for i, e in enumerate(doc["events"]) if "action" in e)
    doc["events"][first]["revealed"] = True
    with pytest.raises(BadRecord, match=f"event {first}: the record says this decision "
                                        f"revealed"):
        replay(GameRecord.from_json(doc))


def test_replay_refuses_a_record_that_lost_a_revealed_flag():
    # A three-hobbit game reaches the Council at Rivendell; its last pass is flagged.
    record = _random_record("lotr-board-game", {"players": 3}, 4)
    flagged = [i for i, e in enumerate(record.events) if e.get("revealed")]
    assert flagged
    replay(record)  # as written, it fits
    doc = json.loads(record.dumps())
    del doc["events"][flagged[0]]["revealed"]
    with pytest.raises(BadRecord, match=f"event {flagged[0]}: the record does not say"):
        replay(GameRecord.from_json(doc))


def test_a_game_without_hidden_information_reveals_nothing_by_default():
    assert State().decision_revealed("keep T") is False


@pytest.mark.parametrize("game_id, options", [("journey-to-mordor", {"players": 3}),
                                              ("spi-sauron", {})])
def test_perfect_information_games_show_every_seat_the_same_view(game_id, options):
    # Journey to Mordor's and SPI Sauron's view(seat) read no seat: nothing is hidden but
    # the dice to come, so no decision of theirs can reveal anything (the default holds).
    game = get_game(game_id)
    assert game.perfect_information
    state = game.new_state(game.validate_options(options), SeededDice(7))
    assert type(state).decision_revealed is State.decision_revealed
    rng = random.Random(7)
    for _ in range(40):
        if state.is_over():
            break
        views = [state.view(s) for s in [*range(state.players), None]]
        for view in views:
            view.pop("seat")
        assert all(view == views[-1] for view in views)
        state.apply(rng.choice(state.legal_actions()))


def test_every_game_with_hidden_information_declares_what_its_decisions_reveal():
    hidden = [g for g in map(get_game, game_ids()) if not g.perfect_information]
    assert {g.id for g in hidden} == {"lotr-board-game", "strategy-battle"}
    for game in hidden:
        state = game.new_state(game.validate_options(None), SeededDice(1))
        assert type(state).decision_revealed is not State.decision_revealed, game.id


def test_strategy_battle_the_second_secret_bid_reveals_both():
    # 'Might': opposing Heroes bid in secret; the second bid in reveals both at once.
    state = battle([("G1", "Aragorn (Strider)", 10, 10),
                    ("E1", "Lurtz", 10 + 25 / 25.4, 10), ("E2", "Mordor Orc with sword and "
                                                          "shield", 40, 40)],
                   dice=["3", "2", "1", "4", "2"] + ["1"] * 3 + ["3", "3"])
    for _ in range(4):
        state.apply("done")
    state.apply("fight G1")
    assert state.question == {"kind": "bid", "side": "good"}
    state.apply("might G1 2")
    assert state.decision_revealed("might G1 2") is False  # only its bidder knows it
    assert state.question == {"kind": "bid", "side": "evil"}
    state.apply("pass")
    assert state.decision_revealed("pass") is True
    assert state.question is None or state.question["kind"] != "bid"


def test_an_excerpt_says_nothing_of_what_a_decision_its_reader_may_not_read_revealed():
    record = GameRecord(game="lotr-board-game", options={"players": 3}, seed=1)
    record.add_decision(2, "pass gimli", (2,), revealed=True)
    record.add_decision(0, "play gimli@fighting", revealed=True)
    assert record.excerpt(2).events[0] == {"seat": 2, "action": "pass gimli", "seen_by": [2],
                                           "revealed": True}
    assert record.excerpt(1).events[0] == {"seat": 2, "action": "?", "seen_by": [2]}
    assert record.excerpt(None).events[1]["revealed"] is True  # a public decision keeps it
