"""Two Special Cards (expansion rulebook, "Two Special Cards"): The One Ring and The
Watchful Peace, face up from the start, each used once by the Ring-bearer; an unused
Watchful Peace scores 10 more points however the game ended."""

from tests.support.positions.board import refused, sauron_setup, setup, step, table, tile

SPECIAL = {"special_cards": True}


def frodo_at_turn_start(**fields):
    state = table(options=SPECIAL, dice=[tile("fighting")], **fields)
    assert state.question[:3] == ("window", 0, "turn-start")
    return state


def test_two_special_cards_are_face_up_and_offered_to_the_ring_bearer_only():
    state = frodo_at_turn_start()
    assert state.view(None)["special_cards"] == ["one-ring", "watchful-peace"]
    assert set(state.legal_actions()) == {"special one-ring@sam", "special watchful-peace",
                                          "continue"}
    plain = table(dice=[tile("fighting")])  # without the option: no window to ask
    assert plain.question[:2] == ("act", 0) and plain.view(None)["special_cards"] == []


def test_two_special_cards_the_watchful_peace_moves_sauron_back_three_steps_once():
    state = frodo_at_turn_start(sauron=10)
    step(state, "special watchful-peace")
    assert state.sauron == 13 and state.specials == ["one-ring"]
    assert state.question[:3] == ("window", 0, "turn-start")  # he may still act here
    assert "special watchful-peace" not in state.legal_actions()


def test_two_special_cards_the_watchful_peace_stops_at_the_end_of_the_temptation_track():
    state = frodo_at_turn_start(sauron=14)
    step(state, "special watchful-peace")
    assert state.sauron == 15
    full = frodo_at_turn_start(sauron=15)
    assert "special watchful-peace" not in full.legal_actions()


def test_two_special_cards_the_one_ring_passes_the_ring_even_when_used():
    state = frodo_at_turn_start(ring_used=True)
    step(state, "special one-ring@sam")
    assert state.ring_bearer == 1 and state.ring_used  # the Ring's use stays spent
    assert state.specials == ["watchful-peace"]
    # Frodo is not asked again; Sam, the Ring-bearer now, is (The Watchful Peace is left).
    assert state.question[:3] == ("window", 1, "turn-start")
    assert state.legal_actions() == ["special watchful-peace", "continue"]


def test_two_special_cards_refusals_change_nothing():
    state = frodo_at_turn_start()
    for bad in ("special one-ring@frodo", "special one-ring", "special nenya"):
        refused(state, bad)


def test_two_special_cards_an_unused_watchful_peace_scores_ten_more_points():
    def score(options, used=()):
        state = table(options=options, run=False, tracks={"fighting": 3})
        state = setup(state, special_cards=[c for c in state.specials if c not in used],
                      result="lost")
        state.finish()
        return state.outcome().details["score"]
    assert score(SPECIAL) == score({}) + 10
    assert score(SPECIAL, used=["watchful-peace"]) == score({})
    assert score(SPECIAL, used=["one-ring"]) == score({}) + 10


def test_two_special_cards_the_one_ring_to_a_hobbit_past_the_black_rider_is_an_encounter():
    # The Black Rider meets the Ring-bearer "being on the same space or further along".
    state = table(options={"expansion": "sauron", **SPECIAL}, positions=[0, 7], rider=6,
                  run=False, dice=sauron_setup("sauron-6", "sauron-13")
                  + [("nazgul card", "nazgul-3")])
    state = setup(state, queue=[("window", "action", None, 0, ())])
    state.run()
    assert state.question[:3] == ("window", 0, "action")
    step(state, "special one-ring@sam")
    assert state.ring_bearer == 1 and state.rider_returning
    assert "nazgul-3" in state.nazgul_up
