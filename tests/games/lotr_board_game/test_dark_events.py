"""Dark Events (expansion rulebook, Special Options, "Dark Events"): 23 Dark Event tokens
and the 4 Sauron event tokens in the bag; the active player may decline a token taken,
but never two neighbours in the row; the rulebook's example."""

from collections import Counter


from tests.support.positions.board import GAME, PARTS, refused, step, table, tile, used_all

DARK = {"dark_events": True}


def test_dark_events_the_bag_holds_the_23_dark_and_4_sauron_tokens():
    assert sum(PARTS.dark_events[t].count for t in PARTS.dark_events) == 23
    base = sum(t.count for t in PARTS.tiles.values())
    fresh = table(options=DARK, run=False)  # a conflict board laid out
    assert sum(fresh.tiles.values()) == base + 23 + 4
    assert all(fresh.tiles[t] == PARTS.dark_events[t].count for t in PARTS.dark_events)
    plain = table(run=False)
    assert sum(plain.tiles.values()) == base


def test_dark_events_the_rulebooks_example():
    # "You decide to decline your first event token. The second token you take replaces it
    # and must be carried out. You also carry out the third token. Now it is your choice
    # whether to refuse to carry out the fourth token. If you refuse it, you must accept
    # the next token."
    state = table(options=DARK, sauron=12,
                  dice=[tile("ring-bearer-darkness"), tile("active-darkness"),
                        tile("active-darkness"), tile("ring-bearer-darkness"),
                        tile("active-darkness"), tile("fighting")])
    assert state.question == ("decline", 0, "ring-bearer-darkness")
    step(state, "decline")                       # the first: turned face down
    # The second is carried out at once: no question (its neighbour is face down).
    assert state.positions[0] == 1
    assert state.question == ("decline", 0, "active-darkness")
    step(state, "accept")                        # the third, carried out by choice
    assert state.positions[0] == 2
    assert state.question == ("decline", 0, "ring-bearer-darkness")
    step(state, "decline")                       # the fourth refused...
    assert state.positions[0] == 3               # ...the fifth must be carried out
    assert state.question == ("decline", 0, "fighting")
    step(state, "accept")
    assert state.tracks["fighting"] == 1 and state.question[:2] == ("act", 0)
    assert state.declined == [0, 3]
    assert state.view(1)["declined"] == [0, 3]  # face down, but everyone saw them taken


def test_dark_events_a_declined_token_does_not_return_to_the_bag():
    state = table(options=DARK, dice=[tile("active-darkness"), tile("fighting")])
    before = state.tiles["active-darkness"]
    step(state, "decline")
    assert state.tiles["active-darkness"] == before and state.positions[0] == 0
    assert state.tracks["fighting"] == 1  # the forced second token is carried out


def test_dark_events_refusals_change_nothing():
    state = table(options=DARK, dice=[tile("active-darkness")])
    for bad in ("decline now", "pass", "accept it"):
        refused(state, bad)


def test_dark_events_without_the_expansion_a_sauron_token_rolls_the_die():
    # The Sauron event tokens join the original game: "call Sauron" is a roll there.
    state = table(options=DARK, dice=[tile("active-calls-sauron"), ("threat die", "blank"),
                                      tile("fighting")])
    step(state, "accept")
    # The scripted dice insist on the order: the token, the threat die, the next token.
    assert state.dice.used == 3 and state.question == ("decline", 0, "fighting")


def test_dark_events_random_games_end_with_heuristic_seats():
    for options, seed in (({"players": 3, **DARK}, 1),
                          ({"players": 2, "expansion": "sauron", **DARK}, 2)):
        from palantir.engine.match import play_match
        options = GAME.validate_options(options)
        agents = [GAME.heuristic_agent(s, s) for s in range(GAME.players_of(options))]
        state, _ = play_match(GAME, options, agents, seed)
        assert state.is_over()


# The bag exhausted (a random game crashed here: the reveal drew from an empty bag,
# ValueError "empty range for randrange()", tests/contract, seeds 28 and 53 in
# test_properties.py). Dark Events: "When all events have been carried out, the deck is
# not shuffled. The game is considered complete." (docs, Rulings: the bag exhausted).

def test_dark_events_a_token_declined_with_the_bag_empty_ends_the_game_lost():
    state = table(options=DARK, tiles=Counter({"active-darkness": 1}),
                  dice=[tile("active-darkness")])
    assert state.question == ("decline", 0, "active-darkness")
    step(state, "decline")  # the token to replace it cannot be taken: the bag is empty
    assert state.is_over() and state.result == "lost"
    assert "bag" in state.lost_because
    assert state.outcome().details["score"] == PARTS.boards["moria"].score_at(0)
    assert sum(state.tiles.values()) == 0 and state.positions[0] == 0
    used_all(state)


def test_dark_events_the_last_token_carried_out_then_the_empty_bag_ends_the_game():
    state = table(options=DARK, tiles=Counter({"active-darkness": 1}),
                  dice=[tile("active-darkness")])
    step(state, "accept")  # carried out: the hobbit moves into darkness, then no token
    assert state.positions[0] == 1
    assert state.is_over() and state.result == "lost"


def test_dark_events_the_last_token_an_activity_lets_the_turn_go_on():
    # The game ends only when a token is to be taken from the empty bag: the last token
    # ending the reveal leaves the turn to its action.
    state = table(options=DARK, tiles=Counter({"fighting": 1}), dice=[tile("fighting")])
    step(state, "accept")
    assert not state.is_over() and state.question[:2] == ("act", 0)
    assert state.tracks["fighting"] == 1
