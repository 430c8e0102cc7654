"""Hidden information in records: private outcomes and decisions, and seat excerpts."""

import pytest

from palantir.engine import BadRecord, GameRecord, Roll, SeededDice, replay
from palantir.engine.record import HIDDEN, decision_event


def _record():
    record = GameRecord(game="journey-to-mordor", options={"players": 2}, seed=99)
    record.events = [
        Roll("deck to seat 1", "Mithril", (1,)).to_json(),
        {"die": "black", "face": "T"},
        decision_event(1, "pass Mithril", (2,)),
        decision_event(0, "keep T"),
    ]
    return record


def test_a_private_outcome_names_who_may_see_it_in_the_record():
    dice = SeededDice(1)
    dice.roll("deck to seat 1", ["a", "b"], seen_by=[1])
    dice.roll("black", ["x"])
    assert dice.log[0].to_json()["seen_by"] == [1]
    assert "seen_by" not in dice.log[1].to_json()


def test_a_decision_is_always_readable_by_the_seat_that_took_it():
    assert decision_event(1, "pass Mithril", (2,))["seen_by"] == [1, 2]
    assert "seen_by" not in decision_event(0, "keep T")


@pytest.mark.parametrize("seat, hidden", [(0, {0, 2}), (1, set()), (2, {0}), (None, {0, 2})])
def test_an_excerpt_hides_what_its_reader_may_not_see_and_the_seed(seat, hidden):
    excerpt = _record().excerpt(seat)
    assert excerpt.seed is None
    for i, event in enumerate(excerpt.events):
        shown = event.get("face", event.get("action"))
        assert (shown == HIDDEN) == (i in hidden)
    if hidden >= {0, 2}:
        assert "Mithril" not in excerpt.dumps()
    assert excerpt.to_json()["excerpt_for"] == ("spectator" if seat is None else f"seat {seat}")


def test_an_excerpt_cannot_be_replayed():
    text = _record().excerpt(0).dumps()
    with pytest.raises(BadRecord, match="excerpt for seat 0"):
        replay(GameRecord.loads(text))


def test_a_bad_audience_is_refused_naming_the_event():
    record = _record().to_json()
    record["events"][0]["seen_by"] = ["everyone"]
    with pytest.raises(BadRecord, match="event 0: field 'seen_by'"):
        GameRecord.from_json(record)


def test_replay_refuses_an_audience_the_rules_did_not_give():
    from palantir.agents import RandomAgent
    from palantir.engine import get_game, play_match
    game = get_game("journey-to-mordor")
    _, record = play_match(game, {"players": 2}, [RandomAgent(0, 1), RandomAgent(1, 2)], 5)
    doc = record.to_json()
    doc["events"][0]["seen_by"] = [0]
    with pytest.raises(BadRecord, match="event 0: the record shows this outcome to"):
        replay(GameRecord.from_json(doc))
    doc = record.to_json()
    first_decision = next(i for i, e in enumerate(doc["events"]) if "action" in e)
    doc["events"][first_decision]["seen_by"] = [0]
    with pytest.raises(BadRecord, match=f"event {first_decision}: the record shows this decision"):
        replay(GameRecord.from_json(doc))
