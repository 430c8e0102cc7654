"""Undo reveals hidden information (issue 10, item 3): the last hobbit to choose a face-down
Council card sees the card passed to him, takes his choice back (no die was rolled) and
chooses again knowing it; Miruvor's giver does the same with the card his receiver saw.
A decision that showed a card or completed a secret choice is declared by the rules
(`LotrState.decision_revealed`), kept in the record, and cannot be taken back."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from tests.support.positions.board import (GAME, PARTS, run, sauron_setup, setup, step,
                                           table, tile)
from palantir.agents.random_agent import RandomAgent
from palantir.engine.match import play_match
from palantir.engine.record import replay
from palantir.server import lobby
from palantir.server.app import create_app
from palantir.terminal import play_terminal

SAURON = {"expansion": "sauron"}
# Bag End, Gandalf: six cards to each hobbit (Frodo six white hiding, Sam six white fighting).
BAG_END_DEAL = [("hobbit card", "white-hiding")] * 6 + [("hobbit card", "white-fighting")] * 6


# ----- what the rules declare --------------------------------------------------------------

def council(hands):
    """Rivendell, Council, about to ask each hobbit for the card he passes face down."""
    state = table(players=len(hands), board="rivendell", hands=hands, run=False)
    state = setup(state, queue=[("effect", ("pass-left", 1), None)])
    state.run()
    return state


def test_council_a_face_down_card_chosen_while_others_have_to_choose_reveals_nothing():
    state = council([["grey-hiding"], ["white-fighting"], ["gimli"]])
    step(state, "pass grey-hiding")
    assert not state.decision_revealed("pass grey-hiding")
    step(state, "pass white-fighting")
    assert not state.decision_revealed("pass white-fighting")


def test_council_the_last_choice_completes_it_and_each_hobbit_sees_the_card_passed_him():
    state = council([["grey-hiding"], ["white-fighting"], ["gimli"]])
    step(state, "pass grey-hiding", "pass white-fighting", "pass gimli")
    assert state.hands == [["gimli"], ["grey-hiding"], ["white-fighting"]]
    assert state.decision_revealed("pass gimli")
    # Even when every hobbit passes the same card, and no hand looks different.
    state = council([["white-joker"], ["white-joker"]])
    step(state, "pass white-joker", "pass white-joker")
    assert state.hands == [["white-joker"], ["white-joker"]]
    assert state.decision_revealed("pass white-joker")


def test_play_4_miruvor_shows_the_receiver_the_card_passed():
    state = table(players=3, board="moria", hands=[["miruvor", "gimli"], [], []],
                  dice=[tile("fighting")])
    step(state, "yellow miruvor gimli@pippin")
    assert state.decision_revealed("yellow miruvor gimli@pippin")


def test_play_3_a_card_played_from_a_hand_is_shown_but_healing_shows_nothing():
    state = table(board="moria", hands=[["grey-fighting"], []], dice=[tile("travelling")])
    step(state, "play grey-fighting@fighting")
    assert state.decision_revealed("play grey-fighting@fighting")
    state = table(board="moria", hands=[["grey-fighting"], []], positions=[2, 0],
                  dice=[tile("travelling")])
    step(state, "heal")
    assert not state.decision_revealed("heal")


def test_a_window_passed_shows_nothing():
    state = table(players=3, board="moria", hands=[["miruvor", "gimli"], [], []],
                  dice=[tile("fighting")])
    assert state.question[:3] == ("window", 0, "action")
    step(state, "continue")
    assert not state.decision_revealed("continue")


def test_play_2_a_card_given_towards_a_cost_is_shown_a_pass_is_not():
    state = table(board="bag-end", dice=BAG_END_DEAL)
    step(state, "pass")  # Preparations: no roll
    assert not state.decision_revealed("pass")
    step(state, "give white-hiding")  # Nazgûl Appears: two hiding symbols asked
    assert state.decision_revealed("give white-hiding")


def test_runes_given_are_public_and_show_nothing():
    lothlorien = PARTS.boards["lothlorien"]
    state = table(board="lothlorien", runes=[2, 0], run=False)
    state = setup(state, queue=[("resolve", lothlorien.steps[1], None)])  # Recovery: 2 runes
    state.run()
    step(state, "give rune")
    assert not state.decision_revealed("give rune")


def test_bag_end_preparations_a_card_dealt_face_up_shows_nothing():
    state = table(board="bag-end", dice=BAG_END_DEAL + [("threat die", "blank")]
                  + [("revealed card", "white-joker")] * 4)
    step(state, "take")
    step(state, "deal sam")
    assert not state.decision_revealed("deal sam")


def test_the_threat_die_a_card_the_roller_chooses_to_discard_is_shown():
    state = table(board="moria", hands=[["gimli", "white-joker"], []], run=False)
    state = setup(state, queue=[("discard", 0, 1)])
    run(state)
    step(state, "discard gimli")
    assert state.decision_revealed("discard gimli")


def test_temptation_track_a_hobbit_eliminated_shows_the_hand_he_discards():
    # Moria 6, Fly, You Fools!: Sam takes three into darkness and reaches Sauron.
    state = table(board="moria", hands=[["grey-hiding"], ["gimli"]], positions=[0, 9],
                  event=5, dice=[tile("event")])
    step(state, "pass")
    assert not state.decision_revealed("pass")
    step(state, "take")
    assert state.eliminated[1] and "gimli" in state.removed
    assert state.decision_revealed("take")


def test_expansion_a_sauron_card_played_from_his_hand_is_shown():
    state = table(board="moria", options=SAURON, hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-1") + [tile("fighting")])
    step(state, "sauron sauron-1")
    assert state.decision_revealed("sauron sauron-1")


def test_expansion_one_symbol_chosen_that_discards_a_single_card_shows_it():
    # Start of each turn: "discarding one card" with one card in hand discards that card.
    state = table(board="moria", options=SAURON, hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-1") + [tile("fighting")] * 2)
    step(state, "sauron sauron-19", "suffer discard-card")
    assert state.hands[0] == [] and state.decision_revealed("suffer discard-card")
    state = table(board="moria", options=SAURON, hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-1") + [tile("fighting")] * 2)
    step(state, "sauron sauron-19", "suffer darkness")
    assert not state.decision_revealed("suffer darkness")


def test_expansion_sauron_s_cards_discarded_face_down_before_drawing_show_nothing():
    # Playing as Sauron: "Before drawing, you may discard any number of cards".
    state = table(board="moria", options=SAURON, run=False, dice=sauron_setup())
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "refill sauron-1")
    assert not state.decision_revealed("refill sauron-1")


def hidden_places(state):
    """Every hand (Sauron's too), the cards offered to a cost, Sauron's face-down discards,
    and whether a Council is under way."""
    hands = [Counter(h) for h in state.hands]
    secret = Counter()
    if state.expansion:
        hands.append(Counter(state.sauron_hand))
        secret = Counter(state.sauron_secret)
    pot = Counter(item for _, item in state.pot if item in PARTS.cards)
    return hands, secret, pot, bool(state.council)


def shown(before, after) -> bool:
    """Whether a step showed something hidden, judged from the state alone: a card left a
    hand other than face down, a card was offered from a hand, or a Council completed."""
    hands0, secret0, pot0, council0 = before
    hands1, secret1, pot1, council1 = after
    left = Counter()
    for h0, h1 in zip(hands0, hands1):
        left += h0 - h1
    left -= secret1 - secret0
    return bool(+left) or bool(pot1 - pot0) or (council0 and not council1)


@pytest.mark.parametrize("seed, players, options", [
    (4, 3, None), (7, 2, None), (13, 3, SAURON), (24, 2, {**SAURON, "dark_events": True})])
def test_random_games_a_decision_is_declared_revealing_exactly_when_it_shows_a_card(
        seed, players, options):
    options = GAME.validate_options({"players": players, **(options or {})})
    agents = [RandomAgent(s, seed * 10 + s) for s in range(GAME.players_of(options))]
    last = {}
    judged = Counter()

    def check(state, seat, action):
        now = hidden_places(state), len(state.dice.log)
        if seat is not None and now[1] == last["rolls"]:
            # A roll forbids taking back already: where none came, the flag must be exact.
            assert state.decision_revealed(action) == shown(last["places"], now[0]), action
            judged[state.decision_revealed(action)] += 1
        last["places"], last["rolls"] = now

    play_match(GAME, options, agents, seed, on_step=check)
    assert judged[True] and judged[False]


def test_the_record_keeps_the_flag_and_replays_with_it():
    _, record = play_match(GAME, {"players": 3}, [RandomAgent(s, s) for s in range(3)], 4)
    flagged = [e for e in record.events if e.get("revealed")]
    assert any(e["action"].startswith("pass ") and "seen_by" in e for e in flagged)
    replay(record)


def test_the_terminal_records_the_flag_as_it_records_seen_by():
    out = io.StringIO()
    record = play_terminal(GAME, {"players": 3}, "ai:random,ai:random,ai:random", 4,
                           io.StringIO(""), out)
    assert record.result is not None
    assert any(e.get("revealed") for e in record.events)
    replay(record)  # the flags are the ones the rules give


# ----- through the web table ----------------------------------------------------------------

class Table:
    """A three-hobbit table of people, driven through the JSON API."""

    def __init__(self, client: TestClient, table_id: str | None = None, tokens=None):
        self.client = client
        if table_id is None:
            created = client.post("/api/tables", json={
                "game": "lotr-board-game", "seats": ["human", "human", "human"]}).json()
            table_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        self.id, self.tokens = table_id, tokens

    def headers(self, seat):
        return {"X-Seat-Token": self.tokens[seat]}

    def look(self, seat=None):
        """The table as `seat` (None: a spectator) sees it."""
        headers = {} if seat is None else self.headers(seat)
        return self.client.get(f"/api/tables/{self.id}", headers=headers).json()

    def mover(self):
        """The seat asked: at a window only that seat's own page says so (engine/forced.py:
        the others are not told which hobbit is deciding)."""
        return next((seat for seat in range(len(self.tokens))
                     if self.look(seat)["your_turn"]), None)

    def decide(self, seat, action):
        response = self.client.post(f"/api/tables/{self.id}/decisions",
                                    headers=self.headers(seat), json={"action": action})
        assert response.status_code == 200, response.text
        return response.json()

    def undo(self, seat):
        return self.client.post(f"/api/tables/{self.id}/undo", headers=self.headers(seat))


def keep_miruvor(legal, verb):
    """A decision of this verb that keeps Miruvor in hand (else the first listed)."""
    fitting = [a for a in legal if a.startswith(verb)]
    return next((a for a in fitting if "miruvor" not in a), fitting[0])


def ordinary(payload):
    """What the tests' hobbits decide: nothing paid, no card given, windows passed."""
    legal = [entry["action"] for entry in payload["legal"]]
    kind = payload["view"]["question"]["kind"]
    if kind == "give":
        return "pass"
    if kind == "window":
        return "continue"
    if kind == "act":
        return "draw"
    if kind == "council":
        return keep_miruvor(legal, "pass ")
    if kind == "discard":
        return keep_miruvor(legal, "discard ")
    return legal[0]


def play_until(table: Table, wanted, limit=400):
    """Play ordinary decisions until `wanted(seat, payload)` names a decision; returns
    (seat, payload before it, that decision)."""
    for _ in range(limit):
        seat = table.mover()
        assert seat is not None, "the game ended first"
        payload = table.look(seat)
        chosen = wanted(seat, payload)
        if chosen:
            return seat, payload, chosen
        table.decide(seat, ordinary(payload))
    raise AssertionError("not reached")


def council_question(seat, payload):
    return ordinary(payload) if payload["view"]["question"]["kind"] == "council" else None


@pytest.fixture
def database(tmp_path, monkeypatch):
    # The server draws each table's seed at random; these tables play one seeded course, so
    # that a decision looked for (Miruvor, the Council) is met on every run.
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: 20261201)
    return f"sqlite:///{tmp_path / 'table.db'}"


def test_an_ordinary_public_decision_can_still_be_taken_back(database):
    with TestClient(create_app(database)) as client:
        table = Table(client)
        before = table.look(0)
        assert before["view"]["question"]["kind"] == "give"  # Bag End, Preparations
        after = table.decide(0, "pass")
        assert after["can_undo"]
        undone = table.undo(0)
        assert undone.status_code == 200, undone.text
        assert undone.json()["view"] == before["view"]


def test_the_last_hobbit_s_face_down_council_card_cannot_be_taken_back(database):
    with TestClient(create_app(database)) as client:
        table = Table(client)
        passers = []
        for _ in range(3):
            seat, before, action = play_until(table, council_question)
            passers.append(seat)
            after = table.decide(seat, action)
            if len(passers) < 3:
                # Chosen while the others have still to choose: only its passer knows it.
                assert after["can_undo"]
                assert table.undo(seat).status_code == 200
                assert table.look(seat)["view"] == before["view"]
                after = table.decide(seat, action)
        last = passers[-1]
        assert len(set(passers)) == 3 and after["view"]["council_chosen"] == []
        assert not after["can_undo"]
        refused = table.undo(last)
        assert refused.status_code == 409
        assert "showed what was hidden" in refused.json()["error"]
        # The exploit: the card passed to him is in his hand; his choice stands.
        assert table.look(last)["log"][-1]["action"] == action


def test_miruvor_cannot_be_taken_back_once_played(database):
    def miruvor(seat, payload):
        return next((entry["action"] for entry in payload["legal"]
                     if entry["action"].startswith("yellow miruvor ")), None)

    with TestClient(create_app(database)) as client:
        table = Table(client)
        seat, _, action = play_until(table, miruvor)
        after = table.decide(seat, action)
        assert not after["can_undo"]
        refused = table.undo(seat)
        assert refused.status_code == 409
        assert "cannot be taken back" in refused.json()["error"]


def test_after_a_restart_the_stored_flag_still_decides(database):
    with TestClient(create_app(database)) as client:
        table = Table(client)
        seat, _, action = play_until(table, council_question)
        first = table.decide(seat, action)
        assert first["can_undo"]
        ids = table.id, table.tokens
    # A restarted server rebuilds the table from storage: the private pass stays undoable.
    with TestClient(create_app(database)) as client:
        table = Table(client, *ids)
        assert table.look(seat)["can_undo"]
        assert table.undo(seat).status_code == 200
        table.decide(seat, action)
        for _ in range(2):
            seat, _, action = play_until(table, council_question)
            table.decide(seat, action)
        stored = client.app.state.lobby.storage.load(table.id).events[-1]
        assert stored["action"] == action and stored["revealed"] is True
    with TestClient(create_app(database)) as client:
        table = Table(client, *ids)
        assert not table.look(seat)["can_undo"]
        assert table.undo(seat).status_code == 409


def test_a_window_asks_only_a_hobbit_with_a_real_choice_and_names_him_to_nobody(database):
    """Issue 13, item 4: a hobbit whose only answer at a window is `continue` is not asked
    (the table answers for him, recorded as a typed continue), and while a window is open
    no other seat nor a spectator is told which hobbit is deciding."""
    with TestClient(create_app(database)) as client:
        table = Table(client)
        typed, withheld = 0, 0
        for _ in range(150):
            looks = [table.look(seat) for seat in range(3)]
            mover = next((seat for seat in range(3) if looks[seat]["your_turn"]), None)
            if mover is None:
                break
            legal = [entry["action"] for entry in looks[mover]["legal"]]
            assert legal != ["continue"], "asked only to continue"
            for seat, look in [*enumerate(looks), (None, table.look())]:
                if seat != mover and look["waiting_for"]:
                    withheld += 1
                    assert look["waiting_for"] == "the hobbits at the window"
                    assert look["to_move"] is None and not look["thinking"]
                    assert look["view"]["question"]["seat"] is None
            action = "continue" if "continue" in legal else legal[0]
            typed += action == "continue"
            table.decide(mover, action)
        live = client.app.state.lobby.get(table.id)
        recorded = sum(1 for e in live.record.events if e.get("action") == "continue")
        assert withheld and typed and recorded > typed  # some were answered by the table
        assert replay(live.record).view(None) == live.state.view(None)
